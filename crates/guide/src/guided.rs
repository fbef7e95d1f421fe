//! The guided first game: table rules, two players, the player (Red) against Easy. A short
//! script points at what to do (pick a marble, see the rings, preview, a step, a hop, a chain)
//! and then lets the player finish the game freely.

use crate::refusal::{NOWHERE_TO_GO, explain};
use starhalma_locale::id;
use starhalma_rules::{Game, Hole, IllegalMove, Move, MoveKind, Played, RuleSet, Variant};

/// What completes a step of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Pick up any of your marbles.
    SelectAny,
    /// Pick up a marble that has somewhere to go, so that rings appear.
    SelectMovable,
    /// Show a destination's path without moving: hover it, or tap it once on a touch screen.
    Preview,
    /// Play a move of this kind.
    MoveKind(MoveKind),
    /// Play a jump of at least this many hops.
    Hops(usize),
    /// Nothing: the script is over and the player finishes the game freely.
    Free,
}

/// One step of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuideStep {
    pub expect: Expect,
    /// What to do, shown while the step is current (message ids, as all texts here).
    pub instruction: &'static str,
    /// Shown instead of the instruction while no legal move can complete the step yet; empty
    /// when there is no such moment.
    pub meanwhile: &'static str,
    /// Shown once, when the step is completed; empty for the last, open-ended step.
    pub done: &'static str,
}

/// The script, in order; its last step is [`Expect::Free`].
pub const SCRIPT: [GuideStep; 7] = [
    GuideStep {
        expect: Expect::SelectAny,
        instruction: id::GUIDED_SELECT_ANY,
        meanwhile: "",
        done: id::GUIDED_SELECT_ANY_DONE,
    },
    GuideStep {
        expect: Expect::SelectMovable,
        instruction: id::GUIDED_SELECT_MOVABLE,
        meanwhile: "",
        done: id::GUIDED_SELECT_MOVABLE_DONE,
    },
    GuideStep {
        expect: Expect::Preview,
        instruction: id::GUIDED_PREVIEW,
        meanwhile: "",
        done: id::GUIDED_PREVIEW_DONE,
    },
    GuideStep {
        expect: Expect::MoveKind(MoveKind::Step),
        instruction: id::GUIDED_STEP,
        meanwhile: id::GUIDED_STEP_MEANWHILE,
        done: id::GUIDED_STEP_DONE,
    },
    GuideStep {
        expect: Expect::Hops(1),
        instruction: id::GUIDED_HOP,
        meanwhile: id::GUIDED_HOP_MEANWHILE,
        done: id::GUIDED_HOP_DONE,
    },
    GuideStep {
        expect: Expect::Hops(2),
        instruction: id::GUIDED_CHAIN,
        meanwhile: id::GUIDED_CHAIN_MEANWHILE,
        done: id::GUIDED_CHAIN_DONE,
    },
    GuideStep {
        expect: Expect::Free,
        instruction: id::GUIDED_FREE,
        meanwhile: "",
        done: "",
    },
];

/// Something the player did, as the guide needs to know it.
#[derive(Clone, Copy, Debug)]
pub enum Action<'a> {
    /// A marble picked up, with the number of holes it can reach (its rings).
    Selected { from: Hole, destinations: usize },
    /// A destination previewed (hovered, or tapped once).
    Previewed { to: Hole },
    /// A move played (by anyone: the opponent's moves are ignored).
    Played(&'a Played),
    /// A move the engine refused.
    Refused(&'a IllegalMove),
}

/// What the guide says back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Nothing new.
    None,
    /// The current step was completed (and possibly the ones after it, by the same action):
    /// show the `done` words of the last step completed, then the new current step.
    Completed { done: &'static str },
    /// Words for the player; the step stays.
    Explain(&'static str),
}

/// The guided first game's progress through [`SCRIPT`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuidedGame {
    step: usize,
}

impl GuidedGame {
    /// The player's seat: Red, moving first.
    pub const PLAYER: u8 = 0;

    /// The game to start: table rules, two players. The opponent is the computer on Easy.
    pub fn variant() -> Variant {
        Variant::new(RuleSet::Table { long_hops: false }, 2).expect("the table seats two")
    }

    pub fn new() -> GuidedGame {
        GuidedGame::default()
    }

    /// The index of the current step in [`SCRIPT`].
    pub fn index(&self) -> usize {
        self.step
    }

    pub fn current(&self) -> &'static GuideStep {
        &SCRIPT[self.step]
    }

    /// Whether the script is over and the player plays freely.
    pub fn is_free(&self) -> bool {
        self.current().expect == Expect::Free
    }

    /// The words to show now: the instruction, or what to do meanwhile when no legal move can
    /// complete the step yet.
    pub fn instruction(&self, game: &Game) -> &'static str {
        let step = self.current();
        if is_move_step(step.expect) && self.hint(game).is_none() {
            step.meanwhile
        } else {
            step.instruction
        }
    }

    /// A legal move to point at: for a move step, the one that completes it and gains most
    /// ground; for picking and previewing, the most promising move (point at its marble, then
    /// its destination). `None` when it is not the player's turn or nothing fits.
    pub fn hint(&self, game: &Game) -> Option<Move> {
        if game.active() != Self::PLAYER || game.is_over() {
            return None;
        }
        let tip = game.rules().target_tip(Self::PLAYER);
        let expect = self.current().expect;
        game.legal_moves()
            .into_iter()
            .filter(|m| !m.is_pass())
            .filter(|m| !is_move_step(expect) || completes(expect, *m, route_hops(game, *m)))
            .max_by_key(|m| i32::from(m.from.distance(tip)) - i32::from(m.to.distance(tip)))
    }

    /// Take note of what the player did.
    pub fn observe(&mut self, action: Action) -> Feedback {
        if let Action::Refused(refusal) = action {
            return Feedback::Explain(explain(refusal, Self::variant().rules()));
        }
        if let Action::Played(played) = action
            && played.seat != Self::PLAYER
        {
            return Feedback::None;
        }
        let mut done = None;
        // One action may complete several steps: a front marble picked at the first step has
        // rings too, and a chain is also a hop.
        while !self.is_free() && satisfies(self.current().expect, action) {
            done = Some(self.current().done);
            self.step += 1;
        }
        if let Some(done) = done {
            return Feedback::Completed { done };
        }
        match (self.current().expect, action) {
            (
                Expect::SelectMovable,
                Action::Selected {
                    destinations: 0, ..
                },
            ) => Feedback::Explain(NOWHERE_TO_GO),
            (expect, Action::Played(_)) if is_move_step(expect) => {
                Feedback::Explain(match expect {
                    Expect::MoveKind(MoveKind::Step) => id::GUIDED_NOT_STEP,
                    Expect::Hops(1) => id::GUIDED_NOT_HOP,
                    _ => id::GUIDED_NOT_CHAIN,
                })
            }
            _ => Feedback::None,
        }
    }
}

fn is_move_step(expect: Expect) -> bool {
    matches!(expect, Expect::MoveKind(_) | Expect::Hops(_))
}

fn route_hops(game: &Game, mv: Move) -> usize {
    game.rules().route(game.state(), mv).len().saturating_sub(1)
}

/// Whether a move with this many hops completes a move step.
fn completes(expect: Expect, mv: Move, hops: usize) -> bool {
    match expect {
        Expect::MoveKind(kind) => mv.kind == kind,
        Expect::Hops(n) => mv.kind == MoveKind::Jump && hops >= n,
        _ => false,
    }
}

fn satisfies(expect: Expect, action: Action) -> bool {
    match (expect, action) {
        (Expect::SelectAny, Action::Selected { .. }) => true,
        (Expect::SelectMovable, Action::Selected { destinations, .. }) => destinations > 0,
        (Expect::Preview, Action::Previewed { .. }) => true,
        (expect, Action::Played(played)) => completes(expect, played.mv, played.hops()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english;
    use starhalma_ai::{Level, Planner, greedy};

    /// The player's side of the guided game: does what the current step asks with the rules
    /// crate's legal moves, pointed at by the guide's own hint.
    fn player_turn(guide: &mut GuidedGame, game: &mut Game) {
        let legal = game.legal_moves();
        let destinations = |from: Hole| legal.iter().filter(|m| m.from == from).count();
        loop {
            let expect = guide.current().expect;
            let hint = guide.hint(game);
            let feedback = match expect {
                Expect::SelectAny | Expect::SelectMovable => {
                    // A boxed-in marble first, as a new player might pick.
                    let boxed = game
                        .position()
                        .holes_of(GuidedGame::PLAYER)
                        .find(|h| destinations(*h) == 0)
                        .expect("the start has marbles at the back");
                    let from = if expect == Expect::SelectAny {
                        boxed
                    } else {
                        let said = guide.observe(Action::Selected {
                            from: boxed,
                            destinations: 0,
                        });
                        assert_eq!(said, Feedback::Explain(NOWHERE_TO_GO));
                        hint.expect("a marble can move").from
                    };
                    guide.observe(Action::Selected {
                        from,
                        destinations: destinations(from),
                    })
                }
                Expect::Preview => guide.observe(Action::Previewed {
                    to: hint.expect("something to preview").to,
                }),
                Expect::MoveKind(_) | Expect::Hops(_) | Expect::Free => {
                    // No fitting move yet: play on, as the meanwhile words say.
                    let mv = hint.unwrap_or_else(|| greedy(game));
                    if hint.is_none() && expect != Expect::Free {
                        assert_eq!(guide.instruction(game), guide.current().meanwhile);
                        assert!(!guide.current().meanwhile.is_empty());
                    }
                    let played = game.play(mv).expect("hints are legal").clone();
                    guide.observe(Action::Played(&played));
                    return;
                }
            };
            assert!(
                matches!(feedback, Feedback::Completed { .. }),
                "{expect:?}: {feedback:?}"
            );
        }
    }

    #[test]
    fn a_simulated_player_completes_the_script_against_easy_and_finishes_the_game() {
        for seed in 0..4 {
            let mut game = Game::new(GuidedGame::variant());
            let mut guide = GuidedGame::new();
            let mut easy = Planner::new(game.rules(), seed);
            let mut player_moves = 0;
            while !game.is_over() {
                if game.active() == GuidedGame::PLAYER {
                    player_turn(&mut guide, &mut game);
                    player_moves += 1;
                    if !guide.is_free() {
                        assert!(
                            player_moves < 20,
                            "seed {seed}: stuck at {:?}",
                            guide.current()
                        );
                    }
                } else {
                    let plan = easy.plan(&game, Level::Easy, Level::Easy.default_budget());
                    let played = game.play(plan.mv).unwrap().clone();
                    assert_eq!(guide.observe(Action::Played(&played)), Feedback::None);
                }
            }
            assert!(
                guide.is_free(),
                "seed {seed}: the game ended during the script"
            );
            assert_eq!(guide.index(), SCRIPT.len() - 1);
        }
    }

    #[test]
    fn the_script_teaches_in_order_and_ends_free() {
        let expects: Vec<Expect> = SCRIPT.iter().map(|s| s.expect).collect();
        assert_eq!(expects.first(), Some(&Expect::SelectAny));
        assert_eq!(expects.last(), Some(&Expect::Free));
        let position = |e: Expect| expects.iter().position(|x| *x == e).unwrap();
        assert!(position(Expect::SelectMovable) < position(Expect::Preview));
        assert!(position(Expect::Preview) < position(Expect::MoveKind(MoveKind::Step)));
        assert!(position(Expect::MoveKind(MoveKind::Step)) < position(Expect::Hops(1)));
        assert!(position(Expect::Hops(1)) < position(Expect::Hops(2)));
        for step in &SCRIPT {
            assert!(english(step.instruction).ends_with('.'), "{step:?}");
            assert_eq!(
                is_move_step(step.expect),
                !step.meanwhile.is_empty(),
                "{step:?}"
            );
        }
    }

    #[test]
    fn a_wrong_move_does_not_count_and_says_why() {
        let mut game = Game::new(GuidedGame::variant());
        let mut guide = GuidedGame {
            step: SCRIPT
                .iter()
                .position(|s| s.expect == Expect::MoveKind(MoveKind::Step))
                .unwrap(),
        };
        let hop = *game
            .legal_moves()
            .iter()
            .find(|m| m.kind == MoveKind::Jump)
            .expect("the start has hops");
        let played = game.play(hop).unwrap().clone();
        let before = guide.index();
        assert!(
            matches!(guide.observe(Action::Played(&played)), Feedback::Explain(t) if english(t).contains("not a step"))
        );
        assert_eq!(guide.index(), before);
    }

    #[test]
    fn a_chain_played_at_the_hop_step_counts_for_both() {
        // Red's ladder from the chain diagram, under the guided game's rules.
        let diagram = crate::diagram::chain(RuleSet::Table { long_hops: false });
        let mut game = diagram.game.clone();
        let mut guide = GuidedGame {
            step: SCRIPT
                .iter()
                .position(|s| s.expect == Expect::Hops(1))
                .unwrap(),
        };
        let played = game.play(diagram.mv).unwrap().clone();
        assert!(played.hops() >= 2);
        assert!(matches!(
            guide.observe(Action::Played(&played)),
            Feedback::Completed { .. }
        ));
        assert!(guide.is_free());
    }

    #[test]
    fn refusals_are_explained_in_the_guides_rule_set() {
        let mut guide = GuidedGame::new();
        let refusal = IllegalMove::CannotStopThere("2,-5".into());
        assert_eq!(
            guide.observe(Action::Refused(&refusal)),
            Feedback::Explain(explain(&refusal, RuleSet::Table { long_hops: false }))
        );
        assert_eq!(guide.index(), 0);
    }
}
