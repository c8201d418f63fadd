use super::*;

#[test]
#[ignore]
fn calibrate() {
    use crate::games::tp_hunt::{Params, Rule, generate_for_seed};
    use crate::seed::Seed;
    for (name, base) in [("std", Params::default()), ("harder", Params::harder()), ("g8", Params { grid: 8, stores: 5, atms: 4, dangers: 3, ..Params::default() })] {
        for players in [2u16, 4] {
            let p = Params { players, off_rules: vec![Rule::LengthBand, Rule::FirstFair], ..base.clone() };
            let t = std::time::Instant::now();
            let mut med = vec![];
            let mut firsts = vec![];
            let mut p90 = vec![];
            let mut rows = vec![];
            let mut stalled = 0;
            let n = 10;
            for i in 0..n {
                let m = generate_for_seed(&p, &Seed::new(&format!("cal{i}")).unwrap()).unwrap();
                let r = rate(&m, players as usize, Switches::default(), &Seed::new(&format!("r{i}")).unwrap(), 200);
                med.push(r.median_turns);
                p90.push(r.p90_turns);
                firsts.push(r.first_player_win_share);
                rows.push(r.p90_tape_rows);
                stalled += r.stalled;
            }
            med.sort();
            p90.sort();
            rows.sort();
            let mean_first: f64 = firsts.iter().sum::<f64>() / n as f64;
            let sd_first = (firsts.iter().map(|f| (f - mean_first).powi(2)).sum::<f64>() / n as f64).sqrt();
            println!("{name} p{players}: median turns {:?} p90 {:?} first mean {:.3} sd {:.3} (eq {:.3}) rows p90 max {} stalled {} expected {:.1}; {:.1} ms/map",
                med, &p90[n*9/10..], mean_first, sd_first, 1.0/players as f64, rows[n-1], stalled, p.expected_turns(), t.elapsed().as_secs_f64()*1000.0/n as f64);
        }
    }
}

#[test]
#[ignore]
fn debug_stall() {
    use crate::games::tp_hunt::{Params, Rule, generate_for_seed, describe};
    use crate::seed::Seed;
    let p = Params { players: 2, stores: 9, atms: 10, dangers: 10, off_rules: vec![Rule::LengthBand, Rule::FirstFair], ..Params::default() };
    for i in 0..30 {
        let m = generate_for_seed(&p, &Seed::new(&format!("cal{i}")).unwrap()).unwrap();
        let table = super::super::policy::Table::new(&Game::new(&m, 2, Switches::default()));
        for gi in 0..50 {
            let mut policy = super::super::policy::Greedy { table: &table };
            let mut g = Game::new(&m, 2, Switches::default());
            g.place_cars(&mut policy);
            let mut dice = Seed::new("x").unwrap().stream("d", gi);
            while !g.over() && g.cars[0].turns < 99 { g.turn(&mut dice, &mut policy); }
            if !g.over() {
                println!("{}", describe(&m, "b", "r"));
                for _ in 0..8 { g.turn(&mut dice, &mut policy); println!("{:?}", g.cars.iter().map(|c| (g.cell(c.at.unwrap()), c.wallet, c.tp)).collect::<Vec<_>>()); }
                println!("{:?}", g.stock);
                return;
            }
        }
    }
}
