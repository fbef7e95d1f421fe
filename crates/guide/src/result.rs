//! A finished game's result as the rules state it, in one place for every screen that tells it:
//! the game-over panel, the HUD, screen readers and `starhalma-cli play`. The words are message
//! ids of the locale files with their arguments ([`Line`]); the client names the seats (by
//! colour, or by who plays them online) and the CLI prints them in English.
//!
//! What each rule set's source decides, and so what is said:
//! - the laws (seed 000) and the masters (seed 004): the first to fill the target wins; nobody
//!   else is placed;
//! - the table (seed 001): the first to finish wins and "the rest are placed by how far they
//!   got"; after 200 turns each "the player with the most marbles home wins, and a tie goes to
//!   whoever has the least distance still to go. Players level on both share the place." The
//!   winner counts ten marbles home even with the opposite player's marbles left in its target;
//! - the Diamond Game (seed 003): "the game ends as soon as the first player wins, and second
//!   and third places are not decided": only the winner is named.

use crate::decided::{Among, Decided, Decision, decision};
use starhalma_locale::{Arg, Texts, id};
use starhalma_rules::{
    Colour, DrawReason, Game, Placement, RankReason, RuleSet, Status, Variant, WinReason,
};

/// The message naming `colour`.
pub fn colour_message(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => id::COLOUR_RED,
        Colour::Purple => id::COLOUR_PURPLE,
        Colour::Yellow => id::COLOUR_YELLOW,
        Colour::Blue => id::COLOUR_BLUE,
        Colour::Green => id::COLOUR_GREEN,
        Colour::Orange => id::COLOUR_ORANGE,
    }
}

/// A sentence as data: a message of the locale files and its named arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub id: &'static str,
    pub args: Vec<(&'static str, Word)>,
}

/// An argument of a [`Line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A seat, for the reader to name.
    Seat(u8),
    /// A number (it picks plural forms).
    Number(i64),
    /// Seats as a list in the language's way ("Red, Yellow").
    Seats(Vec<u8>),
    /// A sentence inside the sentence.
    Line(Line),
}

impl From<u32> for Word {
    fn from(n: u32) -> Word {
        Word::Number(n.into())
    }
}

impl From<u8> for Word {
    fn from(n: u8) -> Word {
        Word::Number(n.into())
    }
}

impl From<usize> for Word {
    fn from(n: usize) -> Word {
        Word::Number(n as i64)
    }
}

impl From<Line> for Word {
    fn from(line: Line) -> Word {
        Word::Line(line)
    }
}

impl Line {
    /// The message `id` without arguments.
    pub fn new(id: &'static str) -> Line {
        Line {
            id,
            args: Vec::new(),
        }
    }

    /// This line with one more argument.
    pub fn with(mut self, name: &'static str, word: impl Into<Word>) -> Line {
        self.args.push((name, word.into()));
        self
    }

    /// This line with a seat as an argument.
    fn seat(self, name: &'static str, seat: u8) -> Line {
        self.with(name, Word::Seat(seat))
    }

    /// The line in words: `texts` gives the language, `name` names a seat.
    pub fn say(&self, texts: &Texts, name: &dyn Fn(u8) -> String) -> String {
        let args: Vec<(&str, Arg)> = self
            .args
            .iter()
            .map(|(key, word)| {
                let arg = match word {
                    Word::Number(n) => Arg::from(*n),
                    Word::Seat(seat) => Arg::from(name(*seat)),
                    Word::Seats(seats) => {
                        Arg::from(texts.join_list(seats.iter().map(|&s| name(s))))
                    }
                    Word::Line(line) => Arg::from(line.say(texts, name)),
                };
                (*key, arg)
            })
            .collect();
        texts.get_args(self.id, &args)
    }

    /// The line in words, seats named by their colours in `variant`.
    pub fn say_with_colours(&self, texts: &Texts, variant: Variant) -> String {
        self.say(texts, &|seat| {
            texts.get(colour_message(variant.colour(seat)))
        })
    }
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won and how, or a draw: "Yellow wins: target filled, king on ◎".
    pub headline: Line,
    /// Where the rules place the players (the table): one line a seat, best first, with marbles
    /// home and distance still to go. Empty where only the winner is decided.
    pub places: Vec<Line>,
    /// When a special rule decided the game: the sentence that explains it, with the rules
    /// section it comes from.
    pub why: Option<(Line, Decision)>,
}

/// The result of `game` as its rules state it; `None` while it goes on.
pub fn outcome(game: &Game) -> Option<Outcome> {
    let headline = headline(game)?;
    let places = if matches!(game.rule_set(), RuleSet::Table { .. }) {
        game.ranking().iter().map(|p| place(game, p)).collect()
    } else {
        Vec::new()
    };
    let why = decision(game).map(|d| (explain_decision(&d.decided), d));
    Some(Outcome {
        headline,
        places,
        why,
    })
}

fn headline(game: &Game) -> Option<Line> {
    Some(match game.status() {
        Status::Ongoing => return None,
        Status::Won { winner, reason } => match reason {
            WinReason::Target => Line::new(id::RESULT_WINS_HOME)
                .seat("winner", winner)
                .with("marbles", game.marbles_home(winner)),
            WinReason::Filled if game.rule_set() == RuleSet::Diamond => {
                Line::new(id::RESULT_WINS_KING).seat("winner", winner)
            }
            WinReason::Filled => Line::new(id::RESULT_WINS_FILLED).seat("winner", winner),
            WinReason::AntiSpoil => Line::new(id::RESULT_WINS_ANTI_SPOILING).seat("winner", winner),
            WinReason::Resignation => Line::new(id::RESULT_WINS_RESIGNATION)
                .seat("winner", winner)
                .seat(
                    "resigned",
                    game.resigned().expect("a resignation was recorded"),
                ),
        },
        Status::Draw {
            reason: DrawReason::AllPassed,
        } => Line::new(id::RESULT_DRAW_ALL_PASSED),
        Status::Draw {
            reason: DrawReason::MoveCap,
        } => Line::new(id::RESULT_DRAW_MOVE_CAP)
            .with("moves", starhalma_rules::rules::DIAMOND_MOVE_CAP),
        Status::Draw {
            reason: DrawReason::NoProgress,
        } => Line::new(id::RESULT_DRAW_NO_PROGRESS)
            .with("turns", starhalma_rules::rules::NO_PROGRESS_TURNS),
        Status::Ranked { reason } => ranked(game, reason),
    })
}

/// The table stopped without a finisher: the player alone in first place wins (on marbles home,
/// or on distance when level on marbles); players level on both share first place.
fn ranked(game: &Game, reason: RankReason) -> Line {
    let when = match reason {
        RankReason::TurnCap => {
            Line::new(id::RESULT_AFTER_TURNS).with("turns", starhalma_rules::rules::TABLE_TURN_CAP)
        }
        RankReason::AllPassed => Line::new(id::RESULT_WHEN_ALL_PASSED),
    };
    let ranking = game.ranking();
    let leader = ranking[0];
    let first: Vec<u8> = ranking
        .iter()
        .filter(|p| p.place == 1)
        .map(|p| p.seat)
        .collect();
    match (first.as_slice(), ranking.get(1)) {
        ([_], Some(next)) if leader.home > next.home => Line::new(id::RESULT_WINS_ON_HOME)
            .seat("winner", leader.seat)
            .with("home", leader.home)
            .with("next", next.home)
            .with("when", when),
        ([_], Some(next)) => Line::new(id::RESULT_WINS_ON_DISTANCE)
            .seat("winner", leader.seat)
            .with("home", leader.home)
            .with("distance", leader.distance)
            .with("next", next.distance)
            .with("when", when),
        ([init @ .., last], _) => Line::new(id::RESULT_FIRST_SHARED)
            .with("seats", Word::Seats(init.to_vec()))
            .seat("last", *last)
            .with("home", leader.home)
            .with("distance", leader.distance)
            .with("when", when),
        ([], _) => unreachable!("a ranking always has a first place"),
    }
}

/// "2. Blue: 7 home, 31 to go"; a finisher's line gives only its marbles home.
fn place(game: &Game, p: &Placement) -> Line {
    let finished = matches!(
        game.status(),
        Status::Won { winner, reason } if winner == p.seat && reason != WinReason::Resignation
    );
    let id = if game.resigned() == Some(p.seat) {
        id::RESULT_PLACE_RESIGNED
    } else if finished {
        id::RESULT_PLACE_FINISHED
    } else {
        id::RESULT_PLACE
    };
    Line::new(id)
        .with("place", p.place)
        .seat("colour", p.seat)
        .with("home", p.home)
        .with("distance", p.distance)
}

/// Why a special rule decided the game, in a sentence.
fn explain_decision(decided: &Decided) -> Line {
    // "Blue's own move completed it." after the first sentence, when someone else's move did.
    let completed = |sentence: Line, by: &Option<u8>| match by {
        Some(seat) => Line::new(id::SENTENCE_PAIR).with("first", sentence).with(
            "second",
            Line::new(id::DECIDED_COMPLETED_BY).seat("colour", *seat),
        ),
        None => sentence,
    };
    match decided {
        Decided::AntiSpoil {
            winner,
            opposite,
            left,
            turns,
            completed_by,
        } => completed(
            Line::new(id::DECIDED_ANTI_SPOIL)
                .seat("winner", *winner)
                .seat("opposite", *opposite)
                .with("left", *left)
                .with("turns", *turns),
            completed_by,
        ),
        Decided::Fill {
            winner,
            others,
            completed_by,
        } => completed(
            Line::new(id::DECIDED_FILL)
                .seat("winner", *winner)
                .with("others", *others),
            completed_by,
        ),
        Decided::FilledDiamond {
            winner,
            others,
            completed_by,
        } => completed(
            Line::new(id::DECIDED_FILLED_DIAMOND)
                .seat("winner", *winner)
                .with("others", *others),
            completed_by,
        ),
        Decided::Resigned {
            resigned,
            winner,
            among,
        } => {
            let sentence = Line::new(id::DECIDED_RESIGNED)
                .seat("resigned", *resigned)
                .seat("winner", *winner);
            let how = match among {
                None => return sentence,
                Some(Among::Nearest) => id::DECIDED_RESIGNED_NEAREST,
                Some(Among::BestPlaced) => id::DECIDED_RESIGNED_BEST_PLACED,
            };
            Line::new(id::SENTENCE_PAIR)
                .with("first", sentence)
                .with("second", Line::new(how))
        }
        Decided::AllPassedDraw => Line::new(id::DECIDED_ALL_PASSED_DRAW),
        Decided::MoveCapDraw { moves } => {
            Line::new(id::DECIDED_MOVE_CAP_DRAW).with("moves", *moves)
        }
        Decided::NoProgressDraw { turns } => {
            Line::new(id::DECIDED_NO_PROGRESS_DRAW).with("turns", *turns)
        }
        Decided::Ranked { turn_cap, first } => {
            let first = match first.as_slice() {
                [one] => Line::new(id::DECIDED_FIRST_ONE).seat("colour", *one),
                [init @ .., last] => Line::new(id::DECIDED_FIRST_SHARED)
                    .with("colours", Word::Seats(init.to_vec()))
                    .seat("last", *last),
                [] => unreachable!("a ranking always has a first place"),
            };
            match turn_cap {
                Some(turns) => Line::new(id::DECIDED_RANKED_TURN_CAP).with("turns", *turns),
                None => Line::new(id::DECIDED_RANKED_ALL_PASSED),
            }
            .with("first", first)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhalma_locale::Language;
    use starhalma_rules::board::CAMPS;
    use starhalma_rules::{Blocked, Hole, Holes, Move, Position, Rules, State};

    const TABLE: RuleSet = RuleSet::Table { long_hops: false };

    fn hole(text: &str) -> Hole {
        text.parse().unwrap()
    }

    /// Every line of the outcome in English: headline, places, then why.
    fn english(game: &Game) -> Vec<String> {
        let texts = Texts::new(Language::English);
        let outcome = outcome(game).expect("the game is over");
        let say = |line: &Line| line.say_with_colours(&texts, game.variant());
        let mut lines = vec![say(&outcome.headline)];
        lines.extend(outcome.places.iter().map(say));
        lines.extend(outcome.why.iter().map(|(line, _)| say(line)));
        lines
    }

    fn holes_of(mask: u128) -> Vec<Hole> {
        Holes(mask).collect()
    }

    fn game_from(
        rules: RuleSet,
        players: u8,
        pieces: Vec<(Hole, u8, bool)>,
        active: u8,
        ply: u32,
    ) -> Game {
        let state = State::new(Position::from_placements(pieces).unwrap(), active, ply);
        Game::from_state(Variant::new(rules, players).unwrap(), state).unwrap()
    }

    /// Diamond, three players: Red fills its target (two yellow marbles on its edge) with the
    /// king on the tip. Only the winner is named: "second and third places are not decided".
    #[test]
    fn a_three_player_diamond_names_only_the_winner() {
        let variant = Variant::new(RuleSet::Diamond, 3).unwrap();
        let target = Rules::new(variant).target(0);
        let last = hole("-4,0");
        let yellow_left = [hole("-4,3"), hole("-4,4")];
        let mut pieces: Vec<(Hole, u8, bool)> = holes_of(target)
            .into_iter()
            .filter(|h| *h != last && !yellow_left.contains(h))
            .map(|h| (h, 0, h == hole("-8,4")))
            .collect();
        pieces.push((hole("-3,0"), 0, false));
        pieces.extend(yellow_left.map(|h| (h, 1, false)));
        pieces.push((hole("-4,8"), 1, true));
        pieces.push((hole("-4,-4"), 2, true));
        let mut game = game_from(RuleSet::Diamond, 3, pieces, 0, 60);
        game.play(Move::step(hole("-3,0"), last)).unwrap();
        let lines = english(&game);
        assert_eq!(lines[0], "Red wins: target filled, king on ◎");
        assert!(
            lines
                .iter()
                .all(|l| !l.starts_with("2.") && !l.starts_with("3.")),
            "no further places: {lines:?}"
        );
        assert_eq!(lines.len(), 2, "the headline and why: {lines:?}");
        assert!(
            lines[1].contains("2 of the other players' marbles"),
            "{lines:?}"
        );
    }

    /// Table, 200 turns each: Red has seven marbles home, Blue five.
    #[test]
    fn the_table_cap_names_the_winner_on_marbles_home() {
        let red_home = &holes_of(CAMPS[3])[..7];
        let blue_home = &holes_of(CAMPS[0])[..5];
        let mut pieces: Vec<(Hole, u8, bool)> = red_home.iter().map(|&h| (h, 0, false)).collect();
        pieces.extend(["0,0", "1,0", "2,0"].map(|h| (hole(h), 0, false)));
        pieces.extend(blue_home.iter().map(|&h| (h, 1, false)));
        pieces.extend(["0,-2", "1,-2", "2,-2", "-1,-2", "0,-3"].map(|h| (hole(h), 1, false)));
        let mut game = game_from(TABLE, 2, pieces, 1, 399);
        game.play("s 0,-3 0,-4".parse().unwrap()).unwrap();
        assert!(
            matches!(game.status(), Status::Ranked { .. }),
            "{:?}",
            game.status()
        );
        let lines = english(&game);
        assert_eq!(
            lines[0],
            "Red wins on marbles home: 7 to 5 after 200 turns each"
        );
        assert!(lines[1].starts_with("1. Red: 7 home, "), "{lines:?}");
        assert!(lines[2].starts_with("2. Blue: 5 home, "), "{lines:?}");
        assert!(lines[3].ends_with("Red wins."), "{lines:?}");
    }

    /// Table, 200 turns each, the two players mirror images of each other: level on marbles
    /// and distance, so they share first place and nobody wins.
    #[test]
    fn a_level_table_cap_is_shared_first_place() {
        let red_home = &holes_of(CAMPS[3])[..4];
        let mut pieces: Vec<(Hole, u8, bool)> = red_home.iter().map(|&h| (h, 0, false)).collect();
        pieces.extend(["0,0", "1,0", "2,0", "1,1", "-1,1", "3,-1"].map(|h| (hole(h), 0, false)));
        let mirrored: Vec<(Hole, u8, bool)> = pieces
            .iter()
            .map(|&(h, _, _)| {
                let c = h.coord();
                (
                    Hole::at(starhalma_rules::Coord::new(-c.q, -c.r)).unwrap(),
                    1,
                    false,
                )
            })
            .filter(|(h, _, _)| pieces.iter().all(|(p, _, _)| p != h))
            .collect();
        // 0,0 is its own mirror image: both leave it empty, nine marbles each.
        assert_eq!(mirrored.len(), 9);
        let (mut red, blue) = (pieces, mirrored);
        red.retain(|(h, _, _)| *h != hole("0,0"));
        let mut all = red;
        all.extend(blue);
        let game = game_from(TABLE, 2, all, 0, 400);
        assert!(
            matches!(game.status(), Status::Ranked { .. }),
            "{:?}",
            game.status()
        );
        let lines = english(&game);
        let ranking = game.ranking();
        assert_eq!((ranking[0].place, ranking[1].place), (1, 1), "{ranking:?}");
        assert_eq!(
            lines[0],
            format!(
                "Red and Blue share first place: 4 marbles home and {} to go each, after 200 turns each",
                ranking[0].distance
            )
        );
        assert!(
            lines[1].starts_with("1. ") && lines[2].starts_with("1. "),
            "{lines:?}"
        );
    }

    /// Table anti-spoiling: Red's target full of seven Red and three Blue marbles once every
    /// player has had thirty turns. Red counts ten home.
    #[test]
    fn an_anti_spoiling_winner_counts_ten_home() {
        let target = holes_of(CAMPS[3]);
        let mut pieces: Vec<(Hole, u8, bool)> =
            target[..7].iter().map(|&h| (h, 0, false)).collect();
        pieces.extend(target[7..].iter().map(|&h| (h, 1, false)));
        pieces.extend(["0,0", "1,0", "2,0"].map(|h| (hole(h), 0, false)));
        pieces.extend(
            ["0,-2", "1,-2", "2,-2", "3,-2", "-1,-2", "-2,-2", "0,-3"].map(|h| (hole(h), 1, false)),
        );
        let mut game = game_from(TABLE, 2, pieces, 1, 59);
        game.play("s 0,-3 0,-4".parse().unwrap()).unwrap();
        let lines = english(&game);
        assert_eq!(lines[0], "Red wins: target filled (anti-spoiling)");
        assert_eq!(lines[1], "1. Red: 10 home");
        assert!(lines[2].starts_with("2. Blue: 0 home, "), "{lines:?}");
        assert_eq!(game.marbles_home(0), 10);
    }

    #[test]
    fn the_masters_fill_rule_and_an_ordinary_win() {
        let fill = crate::diagram::fill_win().after();
        let lines = english(&fill);
        assert_eq!(lines[0], "Red wins: target filled");
        assert_eq!(lines.len(), 2, "no places at the masters' table: {lines:?}");

        let win = crate::diagram::win(RuleSet::Laws).after();
        let lines = english(&win);
        assert_eq!(lines, ["Red wins: all 10 marbles home"]);
    }

    #[test]
    fn a_resignation_at_a_three_player_table_places_the_resigner_last() {
        let mut game = Game::new(Variant::new(TABLE, 3).unwrap());
        game.resign(0).unwrap();
        let lines = english(&game);
        assert!(lines[0].ends_with("wins: Red resigned"), "{lines:?}");
        assert_eq!(lines[3], "3. Red: resigned");
        assert_eq!(lines.len(), 5, "headline, three places, why: {lines:?}");
    }

    #[test]
    fn draws_are_draws() {
        let pieces: Vec<(Hole, u8, bool)> = Hole::all()
            .map(|h| (h, (h.index() % 2) as u8, false))
            .collect();
        let mut game = game_from(RuleSet::Laws, 2, pieces, 0, 0);
        game.play(Move::PASS).unwrap();
        game.play(Move::PASS).unwrap();
        assert_eq!(english(&game)[0], "Draw: nobody can move");
        // Marbles stepping out and back: nobody comes closer than their first steps.
        let mut game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
        let mut steps = Vec::new();
        for _ in 0..2 {
            let step = game
                .legal_moves()
                .into_iter()
                .find(|m| m.kind == starhalma_rules::MoveKind::Step)
                .unwrap();
            steps.push(step);
            game.play(step).unwrap();
        }
        let back: Vec<Move> = steps.iter().map(|m| Move::step(m.to, m.from)).collect();
        let shuffle = [back[0], back[1], steps[0], steps[1]];
        for mv in shuffle.iter().cycle().take(60) {
            assert!(!game.is_over(), "over after {} plies", game.history().len());
            game.play(*mv).unwrap();
        }
        assert_eq!(
            english(&game)[0],
            "Draw: nobody came closer in 30 turns each"
        );
        assert_eq!(
            outcome(&Game::new(
                Variant::new(
                    RuleSet::Masters {
                        blocked: Blocked::Swap
                    },
                    2
                )
                .unwrap()
            )),
            None
        );
    }

    /// Every outcome above in every language: no message or argument left unresolved.
    #[test]
    fn every_language_says_every_result() {
        let mut games = vec![
            crate::diagram::fill_win().after(),
            crate::diagram::king_home().after(),
        ];
        let mut resigned = Game::new(Variant::new(TABLE, 3).unwrap());
        resigned.resign(1).unwrap();
        games.push(resigned);
        let mut capped = Game::new(Variant::new(TABLE, 2).unwrap());
        let start = *capped.position();
        capped = Game::from_state(capped.variant(), State::new(start, 0, 400)).unwrap();
        games.push(capped);
        for language in Language::ALL {
            let texts = Texts::new(language);
            for game in &games {
                let outcome = outcome(game).unwrap();
                let lines = std::iter::once(&outcome.headline)
                    .chain(&outcome.places)
                    .chain(outcome.why.iter().map(|(line, _)| line));
                for line in lines {
                    let said = line.say_with_colours(&texts, game.variant());
                    assert!(
                        !said.contains('{') && !said.contains(line.id),
                        "{language:?}: {said}"
                    );
                }
            }
        }
    }
}
