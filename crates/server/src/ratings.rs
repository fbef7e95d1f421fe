//! Ratings for rated online games: Glicko-2, one rating per rule-set family, with the formulas
//! of the maintained `skillratings` crate (checked here against the worked example of
//! Glickman's Glicko-2 paper).
//!
//! A game of three to six players counts as the pairwise results of its ranking, all in one
//! rating period: each player's period holds one result against every other player in the
//! game: a win over everyone placed below, a loss to everyone placed above, a draw with
//! everyone level. We chose this over Weng-Lin (the other multi-player model `skillratings`
//! offers) because it keeps Glicko-2's own formulas, and so one rating scale, one deviation and
//! one volatility for two-player and many-player games of a family, and because it needs only
//! the places the rules decide: where the rules decide only the winner, the others are level
//! with each other and the games between them count as draws.
//!
//! Places for rating (what the rules decide, as `starhalma_guide::outcome` says them):
//! - the table (seed 001) ranks everyone: `Game::ranking`'s places (a resigner last, players
//!   level on marbles home and distance sharing a place);
//! - the laws (seed 000), the masters (seed 004) and the Diamond Game (seed 003, "second and
//!   third places are not decided") decide only the winner: the winner first, the rest level;
//! - a draw levels everyone.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

pub use starhalma_protocol::Family;

/// A player's rating in one family.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the family.
    pub games: u32,
}

impl Rating {
    /// Where everyone starts: 1500, deviation 350 (Glickman's suggestion), volatility 0.06.
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
        games: 0,
    };

    /// A rating is provisional until its deviation falls under this.
    pub const SETTLED_BELOW: f64 = 110.0;

    pub fn provisional(&self) -> bool {
        self.deviation >= Rating::SETTLED_BELOW
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::START
    }
}

/// Glickman's suggested range for τ is 0.3 to 1.2; 0.5 is the paper's example and the crate's
/// default.
const CONFIG: Glicko2Config = Glicko2Config {
    tau: 0.5,
    convergence_tolerance: 0.000_001,
};

pub use starhalma_protocol::places;

/// The ratings after one game: `before[i]` is seat i's rating, `places[i]` its place. Each
/// player's new rating comes from one rating period of its results against every other seat.
/// Fewer than two seats, or lists of different lengths, change nothing.
pub fn rate_game(before: &[Rating], places: &[u8]) -> Vec<Rating> {
    if before.len() < 2 || before.len() != places.len() {
        return before.to_vec();
    }
    before
        .iter()
        .enumerate()
        .map(|(me, mine)| {
            let results: Vec<(Glicko2Rating, Outcomes)> = before
                .iter()
                .enumerate()
                .filter(|(other, _)| *other != me)
                .map(|(other, theirs)| {
                    let outcome = match places[me].cmp(&places[other]) {
                        std::cmp::Ordering::Less => Outcomes::WIN,
                        std::cmp::Ordering::Greater => Outcomes::LOSS,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                    };
                    (theirs.glicko(), outcome)
                })
                .collect();
            let after = glicko2_rating_period(&mine.glicko(), &results, &CONFIG);
            Rating {
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                games: mine.games + 1,
            }
        })
        .collect()
}

/// A change as a player reads it: "+12", "-7", "±0" (rounded to whole points).
pub fn change_words(before: &Rating, after: &Rating) -> String {
    let points = (after.rating.round() - before.rating.round()) as i64;
    match points {
        0 => "±0".to_string(),
        p if p > 0 => format!("+{p}"),
        p => p.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhalma_rules::{Game, RuleSet, Status, Variant};

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko2.pdf, section "Example"): a player
    /// at 1500 / 200 / 0.06 beats 1400 / 30, loses to 1550 / 100 and to 1700 / 300, τ = 0.5;
    /// after the period: r' = 1464.06, RD' = 151.52, σ' = 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
            games: 0,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
            games: 0,
        };
        // Seat 0 is first over seat 1, and below seats 2 and 3; what seats 1–3 did among
        // themselves does not touch seat 0's period.
        let before = [
            player,
            opponent(1400.0, 30.0),
            opponent(1550.0, 100.0),
            opponent(1700.0, 300.0),
        ];
        let after = rate_game(&before, &[2, 3, 1, 1]);
        assert!(close(after[0].rating, 1464.06, 0.01), "{:?}", after[0]);
        assert!(close(after[0].deviation, 151.52, 0.01), "{:?}", after[0]);
        assert!(
            close(after[0].volatility, 0.05999, 0.00001),
            "{:?}",
            after[0]
        );
        assert_eq!(after[0].games, 1);
    }

    #[test]
    fn a_four_player_game_counts_as_its_pairwise_results() {
        let before = [Rating::START; 4];
        // First, two level in second place, last.
        let after = rate_game(&before, &[1, 2, 2, 4]);
        let change: Vec<f64> = before
            .iter()
            .zip(&after)
            .map(|(b, a)| a.rating - b.rating)
            .collect();
        assert!(change[0] > 0.0 && change[3] < 0.0, "{change:?}");
        // The two level players each beat one, lost to one and drew: no change, alike.
        assert!(close(change[1], 0.0, 1e-6) && close(change[2], 0.0, 1e-6));
        // Equal ratings before: what one gains another loses.
        assert!(close(change.iter().sum::<f64>(), 0.0, 1e-6), "{change:?}");
        // Three wins move a new player further than one win does in a two-player game.
        let two = rate_game(&[Rating::START; 2], &[1, 2]);
        assert!(change[0] > two[0].rating - 1500.0, "{change:?} {two:?}");
        // Everyone played a game: less uncertain.
        assert!(after.iter().all(|r| r.deviation < 350.0 && r.games == 1));
    }

    #[test]
    fn provisional_until_the_deviation_is_under_110() {
        assert!(Rating::START.provisional());
        let mut me = Rating::START;
        let opponent = Rating {
            deviation: 60.0,
            ..Rating::START
        };
        let mut games = 0;
        while me.provisional() {
            let places = if games % 2 == 0 { [1, 2] } else { [2, 1] };
            me = rate_game(&[me, opponent], &places)[0];
            games += 1;
            assert!(games < 100, "never settled: {me:?}");
        }
        assert!(me.deviation < 110.0 && me.games == games);
    }

    #[test]
    fn only_the_winner_is_placed_where_the_rules_say_so() {
        // A Diamond Game for three ended by a resignation: the winner first, the two others
        // level (their places are not decided), the resigner included.
        let mut game = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
        assert_eq!(places(&game), None);
        let Status::Won { winner, .. } = game.resign(1).unwrap() else {
            panic!("a resignation decides the Diamond Game");
        };
        let placed = places(&game).unwrap();
        for seat in 0..3u8 {
            let expected = if seat == winner { 1 } else { 2 };
            assert_eq!(placed[seat as usize], expected, "{placed:?}");
        }
        // At the table the rest are ranked: the resigner last, alone.
        let mut table = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 3).unwrap());
        let Status::Won { winner, .. } = table.resign(1).unwrap() else {
            panic!("a resignation decides the table");
        };
        let placed = places(&table).unwrap();
        assert_eq!(placed[winner as usize], 1, "{placed:?}");
        assert_eq!(placed[1], 3, "{placed:?}");
        assert_eq!(placed.iter().filter(|&&p| p == 2).count(), 1, "{placed:?}");
    }

    #[test]
    fn families_by_rule_set_and_name() {
        for rule_set in RuleSet::ALL {
            let family = Family::of(rule_set);
            assert_eq!(Family::from_name(family.name()), Some(family));
        }
        assert_eq!(
            Family::of(RuleSet::Masters {
                blocked: starhalma_rules::Blocked::Fill
            }),
            Family::Masters
        );
        assert_eq!(Family::from_name("chess"), None);
    }

    #[test]
    fn a_change_reads_as_points() {
        let before = Rating::START;
        let up = Rating {
            rating: 1512.4,
            ..before
        };
        let down = Rating {
            rating: 1492.6,
            ..before
        };
        assert_eq!(change_words(&before, &up), "+12");
        assert_eq!(change_words(&before, &down), "-7");
        assert_eq!(change_words(&before, &before), "±0");
    }
}
