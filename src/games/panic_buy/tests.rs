use super::*;

#[test]
#[ignore]
fn probe_boards() {
    let p = Params::default();
    let mut fails = std::collections::BTreeMap::new();
    let n = 2000;
    let mut ok = 0;
    for i in 0..n {
        let b = generate(&mut Seed::new("probe").unwrap().stream("board", i));
        let v = validate(&p, &b);
        if v.is_empty() {
            ok += 1;
        }
        for x in v {
            *fails.entry(x.rule).or_insert(0) += 1;
        }
    }
    println!("ok {ok}/{n}: {fails:?}");
    let b = generate_for_seed(&p, &Seed::new("42").unwrap()).unwrap();
    println!("{}", describe(&b));
}
