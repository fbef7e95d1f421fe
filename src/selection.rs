//! The selection model shared by the 3D board, the controls panel and the keyboard: the marble
//! a player has picked up, where it can go, and the destination being previewed. A press on a
//! hole selects, previews (touch), cancels or moves, the same way from every input.
//!
//! Every input sends a [`Choice`]; [`apply_choices`] is the only writer of the [`Selection`],
//! and the move a press makes goes to core as the exact move the selection holds.

use crate::core::{GameReset, Match, MoveApplied, MoveRequest, MoveSource, ViewChanged, Viewing};
use crate::frame::Frame;
use bevy::prelude::*;
use starhalma_rules::{Game, Hole, Move, MoveKind};

/// Which move a press on a destination means when several reach it: a step before a jump (only a
/// Diamond king can have both), a swap last.
const MOVE_PREFERENCE: [MoveKind; 3] = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap];

/// The marble a player has picked up, where it can go, and the destination being previewed.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub from: Option<Hole>,
    pub moves: Vec<Move>,
    /// The destination under the pointer (mouse) or tapped once (touch): its route is drawn.
    pub preview: Option<Hole>,
    /// The last press on a hole the picked-up marble cannot reach, as (marble, hole): the
    /// marble is put back and the interface says why.
    pub refused: Option<(Hole, Hole)>,
}

impl Selection {
    pub fn destinations(&self) -> impl Iterator<Item = Hole> + '_ {
        self.moves.iter().map(|m| m.to)
    }

    /// The marble on `from` picked up, with its legal moves.
    pub fn for_marble(game: &Game, from: Hole) -> Selection {
        Selection {
            from: Some(from),
            moves: game
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_pass() && m.from == from)
                .collect(),
            preview: None,
            refused: None,
        }
    }

    /// `mv` shown as a hint: its marble picked up and its destination previewed.
    pub fn previewing(game: &Game, mv: Move) -> Selection {
        Selection {
            preview: Some(mv.to),
            ..Selection::for_marble(game, mv.from)
        }
    }

    /// The move a press on `to` makes: a step before a jump to the same hole, a swap last.
    pub fn move_to(&self, to: Hole) -> Option<Move> {
        MOVE_PREFERENCE.into_iter().find_map(|kind| {
            self.moves
                .iter()
                .copied()
                .find(|m| m.to == to && m.kind == kind)
        })
    }
}

/// How a press was made: a touch previews before it moves; the panel (and the keyboard on it)
/// sends its moves as the panel's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressKind {
    Mouse,
    Touch,
    Panel,
}

impl PressKind {
    fn source(self) -> MoveSource {
        match self {
            PressKind::Mouse | PressKind::Touch => MoveSource::Board,
            PressKind::Panel => MoveSource::Panel,
        }
    }
}

/// What an input asks of the selection.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A press on a hole (the board, the panel, a quick tap, the screenshot mode).
    Press(Hole, PressKind),
    /// The mouse is over a hole: a destination's route is previewed.
    Over(Hole),
    /// The mouse left a hole: its preview ends.
    Out(Hole),
    /// The marble is put back (Escape, the panel's Back).
    PutBack,
    /// This move shown as a hint, planned for the position after `ply` moves.
    Hint { mv: Move, ply: usize },
}

/// What a press on `hole` means for the selection: select, reselect, cancel or move.
pub(crate) enum PressOutcome {
    Select(Hole),
    Preview(Hole),
    Cancel,
    /// The marble on the first hole cannot go to the second.
    Refuse(Hole, Hole),
    Move(MoveRequest),
    Ignore,
}

/// The selection logic, shared by the board, the button panel and tests.
pub(crate) fn press(
    state: &Match,
    selection: &Selection,
    hole: Hole,
    kind: PressKind,
) -> PressOutcome {
    if !state.human_to_move() {
        return PressOutcome::Ignore;
    }
    let seat = state.game.active();
    if let Some(from) = selection.from {
        if let Some(mv) = selection.move_to(hole) {
            if kind == PressKind::Touch && selection.preview != Some(hole) {
                return PressOutcome::Preview(hole);
            }
            return PressOutcome::Move(MoveRequest::new(mv, kind.source()));
        }
        if from == hole {
            return PressOutcome::Cancel;
        }
        if state.game.position().owner(hole) != Some(seat) {
            return PressOutcome::Refuse(from, hole);
        }
    }
    if state.game.position().owner(hole) == Some(seat) {
        return PressOutcome::Select(hole);
    }
    PressOutcome::Cancel
}

/// Apply a press to the selection (and send the move it makes).
pub fn handle_press(
    hole: Hole,
    kind: PressKind,
    state: &Match,
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequest>,
) {
    match press(state, selection, hole, kind) {
        PressOutcome::Select(from) => *selection = Selection::for_marble(&state.game, from),
        PressOutcome::Preview(to) => selection.preview = Some(to),
        PressOutcome::Cancel => *selection = Selection::default(),
        PressOutcome::Refuse(from, to) => {
            *selection = Selection {
                refused: Some((from, to)),
                ..default()
            }
        }
        PressOutcome::Move(request) => {
            requests.write(request);
            *selection = Selection::default();
        }
        PressOutcome::Ignore => {}
    }
}

/// The inputs' choices, in the order they came (the only writer of the selection besides its
/// clearing when the game moves on).
fn apply_choices(
    mut choices: MessageReader<Choice>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
) {
    for &choice in choices.read() {
        match choice {
            Choice::Press(hole, kind) => {
                handle_press(hole, kind, &state, &mut selection, &mut requests);
            }
            Choice::Over(hole) => {
                if selection.move_to(hole).is_some() && selection.preview != Some(hole) {
                    selection.preview = Some(hole);
                }
            }
            Choice::Out(hole) => {
                if selection.preview == Some(hole) {
                    selection.preview = None;
                }
            }
            Choice::PutBack => {
                selection.set_if_neq(Selection::default());
            }
            Choice::Hint { mv, ply } => {
                // A hint for a position already left behind is dropped.
                if ply == state.game.history().len() && state.human_to_move() {
                    *selection = Selection::previewing(&state.game, mv);
                }
            }
        }
    }
}

/// Forget the selection when the game moves on.
fn clear_selection(mut selection: ResMut<Selection>) {
    selection.set_if_neq(Selection::default());
}

/// A past position shown: the marble picked up in the live game is put back.
fn clear_selection_for_replay(
    mut views: MessageReader<ViewChanged>,
    viewing: Res<Viewing>,
    mut selection: ResMut<Selection>,
) {
    if views.read().count() > 0 && !viewing.is_live() {
        selection.set_if_neq(Selection::default());
    }
}

pub(crate) struct SelectionPlugin;

impl Plugin for SelectionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .add_message::<Choice>()
            .add_systems(
                Update,
                (
                    apply_choices
                        .run_if(on_message::<Choice>)
                        .in_set(Frame::Choose),
                    (
                        clear_selection
                            .run_if(on_message::<MoveApplied>.or_eager(on_message::<GameReset>)),
                        clear_selection_for_replay,
                    )
                        .in_set(Frame::Selection),
                ),
            );
    }
}
