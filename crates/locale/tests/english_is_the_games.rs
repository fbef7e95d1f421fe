//! The English file says exactly what the game says today where the words come from the rules
//! crate: its colour names and its reasons a move is refused. (starhalma-guide names its
//! messages by id, so its words live only in the locale files.)

use starhalma_locale::{Language, Texts};
use starhalma_rules::{Colour, IllegalMove};

fn en() -> Texts {
    Texts::new(Language::English)
}

#[test]
fn colour_names_are_the_rules_crates() {
    let en = en();
    for colour in Colour::BY_CAMP {
        let id = format!("colour-{}", colour.name().to_lowercase());
        assert_eq!(en.get(&id), colour.name());
    }
}

fn every_refusal() -> Vec<(IllegalMove, &'static str)> {
    let h = || "4,-3".to_string();
    vec![
        (IllegalMove::GameOver, "game-over"),
        (IllegalMove::EmptyOrigin(h()), "empty-origin"),
        (IllegalMove::NotYourPiece { hole: h() }, "not-your-piece"),
        (IllegalMove::DestinationOccupied(h()), "occupied"),
        (
            IllegalMove::NotAdjacent {
                from: h(),
                to: "0,0".into(),
            },
            "not-adjacent",
        ),
        (
            IllegalMove::NotReachable {
                from: h(),
                to: "0,0".into(),
            },
            "not-reachable",
        ),
        (IllegalMove::NoMovement, "no-movement"),
        (IllegalMove::MustStayInTarget, "must-stay-in-target"),
        (IllegalMove::CannotStopThere(h()), "cannot-stop-there"),
        (IllegalMove::MakesAnotherWin, "makes-another-win"),
        (IllegalMove::CannotPass, "cannot-pass"),
        (IllegalMove::BadSwap, "bad-swap"),
        (IllegalMove::SwapNotPlayed, "swap-not-played"),
    ]
}

#[test]
fn refusals_are_the_engines() {
    let en = en();
    for (refusal, name) in every_refusal() {
        // The engine's reason, after "Not allowed: ".
        let args = [
            ("hole", "4,-3".into()),
            ("from", "4,-3".into()),
            ("to", "0,0".into()),
        ];
        assert_eq!(
            en.get_args(&format!("illegal-{name}"), &args),
            refusal.to_string()
        );
    }
}
