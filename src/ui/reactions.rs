//! Reactions online: "React" opens a bar of the eight reactions (seated players only; one
//! goes out as `react` and the bar closes), and each reaction heard shows for a few seconds as
//! a bubble by the sender's camp, in this player's language: "Asha (Red): Good move!". The
//! move list keeps them too. "Reactions: off" hides others' reactions (sending stays).

use super::Screen;
use super::buttons::{AddButtons, Pressed};
use super::theme::{BUTTON_BACKGROUND, RESULT_BORDER, TEXT, size};
use super::widgets::{ButtonSize, label, styled_button};
use crate::board::hole_position;
use crate::frame::Frame;
use crate::layout::ScreenLayout;
use crate::locale::{Phrase, Say, set_say};
use crate::net::{NetRequest, Online, Phase, PlayerProfile, Reacted};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::Reaction;
use starhalma_rules::Variant;
use starhalma_rules::board::camp_tip;

/// A reaction's words: "Good move!".
pub(super) fn reaction_words(reaction: Reaction) -> Phrase {
    Phrase::msg(match reaction {
        Reaction::Hello => id::REACTION_HELLO,
        Reaction::GoodMove => id::REACTION_GOOD_MOVE,
        Reaction::Thanks => id::REACTION_THANKS,
        Reaction::Oops => id::REACTION_OOPS,
        Reaction::WellPlayed => id::REACTION_WELL_PLAYED,
        Reaction::YourTurn => id::REACTION_YOUR_TURN,
        Reaction::GoodGame => id::REACTION_GOOD_GAME,
        Reaction::Rematch => id::REACTION_REMATCH,
    })
}

/// A reaction heard, with who sent it: "Asha (Red): Good move!".
pub(super) fn reaction_said(variant: Variant, reacted: &Reacted) -> Phrase {
    Phrase::msg(id::REACTION_SAID)
        .with("who", variant.colour(reacted.seat))
        .with("reaction", reaction_words(reacted.reaction))
}

/// Whether the reaction bar is open: a state of the game screen, so it is closed in every game
/// that starts.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Reactions {
    #[default]
    Closed,
    Open,
}

/// The reactions' buttons: React (opens the bar), a reaction of the bar, the mute switch.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactionButton {
    /// Online, seated: open or close the bar of reactions.
    OpenReactions,
    /// Send everyone in the room this reaction.
    React(Reaction),
    /// Show or hide others' reactions.
    MuteReactions,
}

/// The bar of reaction buttons.
#[derive(Component)]
struct ReactionBar;

/// A reaction's bubble, by the sender's camp.
#[derive(Component)]
pub struct ReactionBubble;

/// Who may react now: a seated player in a room.
pub(super) fn may_react(online: &Online) -> bool {
    online.phase == Phase::InRoom && online.seat.is_some()
}

fn build_reaction_bar(mut commands: Commands) {
    let buttons: Vec<Entity> = Reaction::ALL
        .into_iter()
        .map(|reaction| {
            commands
                .spawn(styled_button(
                    reaction_words(reaction),
                    ReactionButton::React(reaction),
                    ButtonSize::Small,
                    BUTTON_BACKGROUND,
                ))
                .id()
        })
        .collect();
    commands
        .spawn((
            ReactionBar,
            DespawnOnExit(Screen::Playing),
            Node {
                display: Display::None,
                position_type: PositionType::Absolute,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                padding: UiRect::all(px(4)),
                ..default()
            },
            BackgroundColor(super::theme::SHEET_BACKGROUND),
        ))
        .add_children(&buttons);
}

/// React opens or closes the bar, a reaction goes out and closes it, and the mute button turns
/// others' reactions off or on.
fn reaction_actions(
    mut pressed: MessageReader<Pressed<ReactionButton>>,
    online: Res<Online>,
    (open, mut next): (Res<State<Reactions>>, ResMut<NextState<Reactions>>),
    mut profile: ResMut<PlayerProfile>,
    mut requests: MessageWriter<NetRequest>,
) {
    let mut wanted = *open.get();
    for Pressed(action) in pressed.read() {
        match *action {
            ReactionButton::OpenReactions => {
                let opens = wanted == Reactions::Closed && may_react(&online);
                wanted = if opens {
                    Reactions::Open
                } else {
                    Reactions::Closed
                };
            }
            ReactionButton::React(reaction) => {
                if may_react(&online) {
                    requests.write(NetRequest::React(reaction));
                }
                wanted = Reactions::Closed;
            }
            ReactionButton::MuteReactions => profile.mute_reactions = !profile.mute_reactions,
        }
    }
    if wanted != *open.get() {
        next.set(wanted);
    }
}

/// The bar shows while open and the player may react, along the board's lower edge.
fn place_reaction_bar(
    open: Res<State<Reactions>>,
    online: Res<Online>,
    layout: Res<ScreenLayout>,
    mut bars: Query<&mut Node, With<ReactionBar>>,
) {
    let shown = *open.get() == Reactions::Open && may_react(&online);
    let board = layout.board;
    for mut node in &mut bars {
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let (left, width, bottom) = (
            px(board.min.x),
            px(board.width()),
            px(layout.window.y - board.max.y),
        );
        if node.left != left || node.width != width || node.bottom != bottom {
            node.left = left;
            node.width = width;
            node.bottom = bottom;
        }
    }
}

/// Where a seat's bubble goes (its top left corner): just beyond its camp's tip, away from the
/// board's centre as the camera sees them, so it covers none of the camp's marbles, and inside
/// the window; at the top of the board when the camp is out of view (or nothing is drawn, as
/// in tests).
fn bubble_place(
    camera: Option<(&Camera, &GlobalTransform)>,
    variant: Variant,
    seat: u8,
    layout: &ScreenLayout,
    row: usize,
) -> Vec2 {
    /// About half a bubble: its centre is this far from its corner.
    const HALF: Vec2 = Vec2::new(110.0, 17.0);
    let tip = hole_position(camp_tip(variant.camp_of(seat)));
    let fallback = Vec2::new(
        layout.board.center().x - 100.0,
        layout.board.min.y + 8.0 + 34.0 * row as f32,
    );
    let Some((camera, at)) = camera else {
        return fallback;
    };
    let (Ok(tip), Ok(centre)) = (
        camera.world_to_viewport(at, tip),
        camera.world_to_viewport(at, Vec3::ZERO),
    ) else {
        return fallback;
    };
    let outward = (tip - centre).normalize_or_zero();
    let corner = tip + outward * 45.0 - HALF;
    let most = (layout.window - 2.0 * HALF - 8.0).max(Vec2::splat(8.0));
    corner.clamp(Vec2::splat(8.0), most)
}

/// Bubbles for the reactions of the last few seconds (none while muted), kept by their sender's
/// camp as the camera moves.
#[allow(clippy::too_many_arguments)]
fn show_bubbles(
    mut commands: Commands,
    online: Res<Online>,
    profile: Res<PlayerProfile>,
    state: Res<crate::core::Match>,
    layout: Res<ScreenLayout>,
    time: Res<Time<Real>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut bubbles: Query<(Entity, &mut Node, &Children), With<ReactionBubble>>,
    mut says: Query<&mut Say>,
) {
    let now = time.elapsed();
    let variant = state.game.variant();
    // One bubble a seat: a seat's newer reaction replaces its older one.
    let mut recent: Vec<&Reacted> = Vec::new();
    if !profile.mute_reactions {
        for reacted in online.recent_reactions(now) {
            recent.retain(|r| r.seat != reacted.seat);
            recent.push(reacted);
        }
    }
    let camera = cameras.iter().next();
    let mut existing: Vec<_> = bubbles.iter_mut().collect();
    for (row, reacted) in recent.iter().enumerate() {
        let at = bubble_place(camera, variant, reacted.seat, &layout, row);
        let words = reaction_said(variant, reacted);
        if let Some((_, node, children)) = existing.get_mut(row) {
            if node.left != px(at.x) || node.top != px(at.y) {
                node.left = px(at.x);
                node.top = px(at.y);
            }
            for child in children.iter() {
                if let Ok(mut say) = says.get_mut(child) {
                    set_say(&mut say, words.clone());
                }
            }
        } else {
            commands.spawn((
                ReactionBubble,
                DespawnOnExit(Screen::Playing),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(at.x),
                    top: px(at.y),
                    padding: UiRect::axes(px(10), px(5)),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(12)),
                    ..default()
                },
                BackgroundColor(super::theme::RESULT_BACKGROUND),
                BorderColor::all(RESULT_BORDER),
                Pickable::IGNORE,
                children![label(words, size::LINE, TEXT)],
            ));
        }
    }
    for (entity, ..) in existing.into_iter().skip(recent.len()) {
        commands.entity(entity).despawn();
    }
}

/// Whether bubbles may need to change: a reaction arrived, one is showing (it moves with the
/// camera and ends), or the mute setting changed.
fn bubbles_due(
    online: Res<Online>,
    profile: Res<PlayerProfile>,
    bubbles: Query<(), With<ReactionBubble>>,
) -> bool {
    online.is_changed() || profile.is_changed() || !bubbles.is_empty()
}

pub(super) struct ReactionsPlugin;

impl Plugin for ReactionsPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<Reactions>()
            .add_buttons::<ReactionButton>()
            .add_systems(OnEnter(Screen::Playing), build_reaction_bar)
            .add_systems(
                Update,
                (
                    reaction_actions
                        .run_if(on_message::<Pressed<ReactionButton>>)
                        .run_if(in_state(Screen::Playing))
                        .in_set(Frame::Actions),
                    (place_reaction_bar, show_bubbles.run_if(bubbles_due))
                        .in_set(Frame::Hud)
                        .run_if(in_state(Screen::Playing)),
                ),
            );
    }
}
