//! The selection model shared by the 3D board, the controls panel and the keyboard: the marble
//! a player has picked up, where it can go, and the destination being previewed. A press on a
//! hole selects, previews (touch), cancels or moves, the same way from every input.

use crate::core::{
    GameReset, GameSet, MOVE_PREFERENCE, Match, MoveApplied, MoveRequest, MoveSource,
};
use bevy::prelude::*;
use starhalma_rules::{Game, Hole, Move};

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

    /// The move a press on `to` makes, chosen as `core::resolve` chooses.
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
        if selection.destinations().any(|d| d == hole) {
            if kind == PressKind::Touch && selection.preview != Some(hole) {
                return PressOutcome::Preview(hole);
            }
            return PressOutcome::Move(MoveRequest::between(from, hole, kind.source()));
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

/// Forget the selection when the game moves on.
fn clear_selection(mut selection: ResMut<Selection>) {
    selection.set_if_neq(Selection::default());
}

/// Where the selection is brought up to date; what follows it (marks, lifted marble, panel)
/// runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct SelectionSet;

pub(crate) struct SelectionPlugin;

impl Plugin for SelectionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>().add_systems(
            Update,
            clear_selection
                .run_if(on_message::<MoveApplied>.or_eager(on_message::<GameReset>))
                .in_set(GameSet::Mirror)
                .in_set(SelectionSet),
        );
    }
}
