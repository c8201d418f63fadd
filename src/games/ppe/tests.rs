use super::odds::{Odds, StopRule};
use super::sheets::{NET, Side, TABS, neighbour};
use super::*;

fn roll(text: &str) -> Score {
    score(&parse_roll(text).unwrap())
}

fn dice(seed: &str) -> Dice {
    generate(&FaceCounts::default(), &Seed::new(seed).unwrap())
}

#[test]
fn good_faces_score_one_each() {
    let s = roll("mask,gloves,heroes,vaccine,ventilator,face_shield");
    assert_eq!((s.points, s.outcome), (6, Outcome::Ok));
    assert!(!s.lose_next_turn && !s.lose_game_total && !s.out);
    assert_eq!(roll("virus,vaccine,mask,gloves,heroes,mask").points, 4);
}

#[test]
fn vaccines_counter_viruses_before_ventilators() {
    // One virus, a vaccine and a ventilator: the vaccine is used, the ventilator scores.
    let s = roll("virus,vaccine,ventilator,mask,mask,gloves");
    assert_eq!((s.points, s.outcome, s.lose_next_turn), (4, Outcome::Ok, false));
    // Two viruses with one vaccine and one ventilator: both used, next turn lost.
    let s = roll("virus,virus,vaccine,ventilator,mask,gloves");
    assert_eq!(
        (s.points, s.outcome, s.lose_next_turn, s.lose_game_total),
        (2, Outcome::Ok, true, false)
    );
}

#[test]
fn the_long_nosed_man_needs_heroes() {
    let s = roll("long_nosed_man,heroes,mask,mask,gloves,gloves");
    assert_eq!((s.points, s.outcome), (4, Outcome::Ok));
    let s = roll("long_nosed_man,mask,mask,gloves,gloves,vaccine");
    assert_eq!((s.points, s.outcome, s.lose_game_total), (0, Outcome::TurnOver, false));
}

#[test]
fn whammies_by_unmatched_viruses() {
    let s = roll("virus,mask,mask,gloves,gloves,heroes");
    assert_eq!(
        (s.points, s.outcome, s.lose_game_total, s.lose_next_turn, s.out),
        (0, Outcome::Whammy, true, false, false)
    );
    let s = roll("virus,virus,mask,gloves,gloves,heroes");
    assert_eq!(
        (s.outcome, s.lose_game_total, s.lose_next_turn, s.out),
        (Outcome::DoubleWhammy, true, true, false)
    );
    let s = roll("virus,virus,virus,mask,gloves,heroes");
    assert_eq!((s.outcome, s.out), (Outcome::TripleWhammy, true));
    // Three viruses with one vaccine: two unmatched, a double whammy.
    assert_eq!(
        roll("virus,virus,virus,vaccine,gloves,heroes").outcome,
        Outcome::DoubleWhammy
    );
}

#[test]
fn the_worst_outcome_wins_and_every_effect_applies() {
    // Long-Nosed Man unanswered and a whammy: the whammy is worse.
    let s = roll("long_nosed_man,virus,mask,gloves,gloves,mask");
    assert_eq!((s.outcome, s.points, s.lose_game_total), (Outcome::Whammy, 0, true));
    // A ventilator used and a whammy: the next turn is lost too.
    let s = roll("virus,virus,ventilator,mask,gloves,heroes");
    assert_eq!(
        (s.outcome, s.lose_next_turn, s.lose_game_total),
        (Outcome::Whammy, true, true)
    );
}

#[test]
fn rolls_must_be_six_known_faces() {
    assert!(
        parse_roll("virus,mask,mask,gloves,heroes")
            .unwrap_err()
            .message
            .contains("5 faces given")
    );
    assert!(
        parse_roll("virus,mask,mask,gloves,heroes,tp")
            .unwrap_err()
            .message
            .contains("unknown face 'tp'")
    );
    assert_eq!(
        parse_roll("Virus, Face Shield, mask,gloves,heroes,long-nosed-man").unwrap()[1],
        Face::FaceShield
    );
}

#[test]
fn dice_carry_every_face_once_per_die_in_the_set_counts() {
    for seed in ["1", "2", "42", "class"] {
        let d = dice(seed);
        for die in &d {
            let mut faces = die.to_vec();
            faces.dedup();
            assert_eq!(faces.len(), 6, "a die shows a face twice: {die:?}");
        }
        for f in Face::ALL {
            let n = d.iter().flatten().filter(|x| **x == f).count();
            assert_eq!(n as u8, FaceCounts::default().get(f));
        }
    }
    assert_ne!(dice("1"), dice("2"));
}

/// Value-stability: dice are printed and shared by seed.
#[test]
fn golden_dice_are_pinned() {
    let d = dice("42");
    let first: Vec<&str> = d[0].iter().map(|f| f.name()).collect();
    assert_eq!(
        first,
        [
            "long_nosed_man",
            "heroes",
            "face_shield",
            "social_distancing",
            "hand_sanitizer",
            "gloves"
        ]
    );
    let last: Vec<&str> = d[5].iter().map(|f| f.name()).collect();
    assert_eq!(
        last,
        ["virus", "vaccine", "ventilator", "face_shield", "mask", "gloves"]
    );
    // Version 2 changed the score pad, not the dice: these are both versions' dice.
    assert_eq!(VERSION, 2);
}

#[test]
fn face_counts_that_cannot_make_six_dice_are_refused() {
    let e = FaceCounts::from_toml("virus = 4\n").unwrap_err();
    assert!(e.message.contains("add up to 37"), "{}", e.message);
    let e = FaceCounts::from_toml("[faces]\nmask = 7\ngloves = 2\n").unwrap_err();
    assert!(
        e.message.contains("mask 7 times cannot go on six dice"),
        "{}",
        e.message
    );
    let e = FaceCounts::from_toml("masks = 5\n").unwrap_err();
    assert!(e.message.contains("unknown face 'masks'"), "{}", e.message);
    let ok = FaceCounts::from_toml("[faces]\nmask = 6\nsocial_distancing = 4\n").unwrap();
    assert_eq!(ok.get(Face::Mask), 6);
    let d = generate(&ok, &Seed::new("x").unwrap());
    assert!(d.iter().all(|die| die.contains(&Face::Mask)));
    assert_eq!(FaceCounts::from_code(&ok.code()).unwrap(), ok);
}

#[test]
fn odds_sum_to_all_rolls_and_match_brute_force() {
    let d = dice("42");
    let o = Odds::of(&d);
    assert_eq!(o.total, 46656);
    assert_eq!(o.outcomes.values().sum::<u32>(), 46656);
    assert_eq!(o.points.iter().sum::<u32>(), 46656);
    // An independent count: six nested loops over the faces.
    let mut counts: std::collections::BTreeMap<Outcome, u32> = Default::default();
    let mut points = 0u64;
    for a in d[0] {
        for b in d[1] {
            for c in d[2] {
                for e in d[3] {
                    for f in d[4] {
                        for g in d[5] {
                            let s = score(&[a, b, c, e, f, g]);
                            *counts.entry(s.outcome).or_default() += 1;
                            points += s.points as u64;
                        }
                    }
                }
            }
        }
    }
    for (k, v) in &counts {
        assert_eq!(o.outcomes[k], *v, "{k:?}");
    }
    assert!((o.expected_points() - points as f64 / 46656.0).abs() < 1e-12);
    // Three viruses on three dice: a triple whammy needs each of them and nothing to counter.
    assert_eq!(o.outcomes[&Outcome::TripleWhammy], 120);
}

/// Folds the net in 3D: each face gets an outward normal and two in-plane
/// axes; every fold line turns the next face by 90 degrees.
#[test]
fn the_nets_fold_into_cubes() {
    type V = [i32; 3];
    let neg = |v: V| [-v[0], -v[1], -v[2]];
    let add = |a: V, b: V| [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
    // Frame of each face: (u = net right, v = net down, n = outward normal).
    let mut frame: Vec<Option<(V, V, V)>> = vec![None; 6];
    frame[1] = Some(([1, 0, 0], [0, 1, 0], [0, 0, -1]));
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..6 {
            let Some((u, v, n)) = frame[i] else { continue };
            for side in [Side::Top, Side::Right, Side::Bottom, Side::Left] {
                if let Some(j) = neighbour(i, side)
                    && frame[j].is_none()
                {
                    frame[j] = Some(match side {
                        Side::Right => (neg(n), v, u),
                        Side::Left => (n, v, neg(u)),
                        Side::Bottom => (u, neg(n), v),
                        Side::Top => (u, n, neg(v)),
                    });
                    changed = true;
                }
            }
        }
    }
    let frames: Vec<(V, V, V)> = frame.into_iter().map(|f| f.expect("the net is connected")).collect();
    let mut normals: Vec<V> = frames.iter().map(|f| f.2).collect();
    normals.sort();
    normals.dedup();
    assert_eq!(normals.len(), 6, "six faces on six different sides");
    // Each face edge lands on a cube edge, named by the sum of two unit vectors.
    let edge = |i: usize, side: Side| {
        let (u, v, n) = frames[i];
        add(
            n,
            match side {
                Side::Top => neg(v),
                Side::Bottom => v,
                Side::Left => neg(u),
                Side::Right => u,
            },
        )
    };
    let mut cube_edges: std::collections::BTreeMap<V, usize> = Default::default();
    let mut free = Vec::new();
    for i in 0..6 {
        for side in [Side::Top, Side::Right, Side::Bottom, Side::Left] {
            *cube_edges.entry(edge(i, side)).or_default() += 1;
            if neighbour(i, side).is_none() {
                free.push((i, side));
            }
        }
    }
    assert_eq!(cube_edges.len(), 12);
    assert!(
        cube_edges.values().all(|&n| n == 2),
        "each cube edge is met by two face edges"
    );
    // Every tab is on an open edge, and each glued seam has exactly one tab.
    assert_eq!(free.len(), 14);
    for t in TABS {
        assert!(free.contains(&t), "{t:?}");
        let partner: Vec<_> = free
            .iter()
            .filter(|f| **f != t && edge(f.0, f.1) == edge(t.0, t.1))
            .collect();
        assert_eq!(partner.len(), 1);
        assert!(!TABS.contains(partner[0]), "a seam with two tabs: {t:?}");
    }
    assert_eq!(NET.len(), 6);
}

#[test]
fn faces_are_big_enough_and_pages_fit_on_both_papers() {
    use crate::sheet::{Page, Paper};
    for paper in [Paper::A4, Paper::Letter] {
        assert!(sheets::Context::face_mm(&Page::new(paper)) >= sheets::MIN_FACE_MM);
        for (players, target) in [(1, 19), (8, 190)] {
            let req = Request {
                params: Params {
                    players,
                    target,
                    ..Params::default()
                },
                seed: Seed::new("fit").unwrap(),
                paper,
                sheets: sheets::SheetKind::ALL.to_vec(),
            };
            let doc = req.document(&crate::text::Texts::english()).unwrap();
            doc.assert_inside_margins(&format!("{paper:?} {players} {target}"));
            if target == 190 {
                // 8 players: two column blocks; 190 points: more than one page of rolls.
                assert!(doc.pages.len() >= 6, "{}", doc.pages.len());
            }
        }
    }
}

#[test]
#[ignore = "probe"]
fn probe_stop_rule() {
    use super::odds::{Charges, Policy, Turns};
    for seed in ["42", "1", "2", "class"] {
        let d = dice(seed);
        let t = std::time::Instant::now();
        let turns = Turns::of(&d, TurnRules { mode: Mode::Long, whammies: false });
        let c = Charges { lost_turn: 0.0, game_total: 0.0, out: 0.0 };
        let built = t.elapsed();
        let opt = turns.worth(&c, Policy::Optimal);
        let single = turns.worth(&c, Policy::Single);
        let rule = turns.printed_rule(&c);
        let printed = turns.worth(&c, Policy::Printed(&rule));
        println!("seed {seed}: built {built:?} total {:?}", t.elapsed());
        println!("  optimum {opt:.4} printed {printed:.4} ({:.3}%) single {single:.4}", 100.0 * (1.0 - printed / opt));
        for (r, at) in turns.rows.iter().zip(&rule) {
            println!("  {r:?} -> {at}");
        }
    }
}

#[test]
#[ignore = "probe"]
fn probe_whammies() {
    use super::odds::{Charges, Policy, Turns};
    let d = dice("42");
    let turns = Turns::of(&d, TurnRules { mode: Mode::Long, whammies: true });
    for g in [0.0, 5.0, 10.0, 20.0, 30.0, 50.0, 80.0, 120.0, 180.0] {
        let c = Charges { lost_turn: 0.0, game_total: g, out: 190.0 };
        let opt = turns.worth(&c, Policy::Optimal);
        let single = turns.worth(&c, Policy::Single);
        let rule = turns.printed_rule(&c);
        let printed = turns.worth(&c, Policy::Printed(&rule));
        let rows: Vec<String> = turns.rows.iter().zip(&rule).map(|(r, a)| format!("{}/{}/{}:{a}", r.dice, r.bad, r.men)).collect();
        println!("G {g}: opt {opt:.3} printed {printed:.3} single {single:.3}  {}", rows.join(" "));
    }
}
