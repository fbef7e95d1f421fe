//! The guided first game (offered on the menu, highlighted on a first start): a game of the
//! table's rules against Easy where a line under the HUD says what to do next (pick a marble,
//! look at the rings, preview, a step, a hop, a chain), each step done is acknowledged, and a
//! press the rules refuse is explained in words. After the script the player finishes freely.
//! The script and its words are `starhalma-guide`'s; this module feeds it what the player did.

use super::{Notice, Screen};
use crate::core::{GameCommand, Match, MoveApplied, SeatKind, Setup};
use crate::frame::Frame;
use crate::locale::Phrase;
use crate::selection::Selection;
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_guide::{Action, Feedback, GuidedGame, explain, why_not};

/// The guided game while it runs (`None` otherwise).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Guide(pub Option<GuidedGame>);

/// Start the guided first game (the menu's button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StartGuided;

/// The guided game's seats: the player Red, the computer Easy.
fn guided_setup() -> Setup {
    let variant = GuidedGame::variant();
    let seats = variant
        .seats()
        .map(|s| {
            if s == GuidedGame::PLAYER {
                SeatKind::Human
            } else {
                SeatKind::Computer(Level::Easy)
            }
        })
        .collect();
    Setup::new(variant, seats)
}

fn start_guided_game(
    mut asked: MessageReader<StartGuided>,
    mut guide: ResMut<Guide>,
    mut commands: MessageWriter<GameCommand>,
    mut next: ResMut<NextState<Screen>>,
) {
    if asked.read().count() > 0 {
        commands.write(GameCommand::NewGame(guided_setup()));
        guide.0 = Some(GuidedGame::new());
        next.set(Screen::Playing);
    }
}

/// Tell the script what the player did: a marble picked up, a destination previewed, a press
/// the rules refuse, a move played. What it answers becomes the notice.
fn follow_the_player(
    selection: Res<Selection>,
    mut seen: Local<Selection>,
    mut applied: MessageReader<MoveApplied>,
    state: Res<Match>,
    mut guide: ResMut<Guide>,
    mut notice: ResMut<Notice>,
) {
    let Some(script) = guide.0.as_mut() else {
        applied.clear();
        return;
    };
    let mut feedback = Vec::new();
    if *selection != *seen {
        if let Some(from) = selection.from
            && seen.from != Some(from)
        {
            feedback.push(script.observe(Action::Selected {
                from,
                destinations: selection.moves.len(),
            }));
        }
        if let Some(to) = selection.preview
            && seen.preview != Some(to)
        {
            feedback.push(script.observe(Action::Previewed { to }));
        }
        if let Some((from, to)) = selection.refused
            && let Some(refusal) = why_not(&state.game, from, to)
        {
            feedback.push(script.observe(Action::Refused(&refusal)));
        }
        seen.clone_from(&selection);
    }
    for MoveApplied { played, .. } in applied.read() {
        feedback.push(script.observe(Action::Played(played)));
    }
    for answer in feedback {
        match answer {
            Feedback::None => {}
            Feedback::Completed { done } => notice.0 = Phrase::msg(done),
            Feedback::Explain(text) => notice.0 = Phrase::msg(text),
        }
    }
}

/// Any game: a press on a hole the picked-up marble cannot reach is explained in words.
pub(super) fn explain_refused_press(
    selection: Res<Selection>,
    state: Res<Match>,
    mut notice: ResMut<Notice>,
) {
    if let Some((from, to)) = selection.refused
        && let Some(refusal) = why_not(&state.game, from, to)
    {
        notice.0 = Phrase::msg(explain(&refusal, state.game.rule_set()));
    }
}

/// Back on the menu the guided game is over.
fn end_guide(mut guide: ResMut<Guide>) {
    guide.set_if_neq(Guide(None));
}

pub(super) struct GuidedPlugin;

impl Plugin for GuidedPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Guide>()
            .add_message::<StartGuided>()
            .add_systems(OnEnter(Screen::Menu), end_guide)
            .add_systems(
                Update,
                (
                    start_guided_game
                        .run_if(on_message::<StartGuided>)
                        .in_set(Frame::Asked),
                    // After the notices of this frame: the guide's words win over a plain
                    // refusal, and a refused press's reason over a cleared notice.
                    (
                        explain_refused_press.run_if(resource_changed::<Selection>),
                        follow_the_player,
                    )
                        .chain()
                        .in_set(Frame::Hud),
                ),
            );
    }
}
