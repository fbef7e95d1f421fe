//! The interface as a page: what the web's layer of page elements shows to screen readers,
//! switch devices and voice control (src/web.rs draws it; the desktop has AccessKit). One
//! source: the buttons and lines on screen, as drawn (their words in the chosen language),
//! grouped as the screen groups them, in the screen's order; a press on the page presses the
//! same button here, so it takes the button's own path. And what a screen reader should
//! announce, once: a move and whose turn it is, a refusal, the result.

use super::Screen;
use super::hud::HudText;
use super::widgets::PressedForAFrame;
use crate::core::Match;
use crate::frame::Frame;
use crate::locale::{Language, Phrase, SeatNames, SeatSymbols, Words};
use bevy::prelude::*;
use starhalma_locale::id;

/// One line or button of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct PageItem {
    /// The button's entity (a line's, for lines): a press names it.
    pub entity: Entity,
    pub button: bool,
    pub words: String,
}

/// A part of the screen (the menu, the HUD's lines, its buttons, the panel, the move list,
/// the game-over panel, How to play), titled by its first line.
#[derive(Clone, Debug, PartialEq)]
pub struct PageGroup {
    pub title: String,
    pub items: Vec<PageItem>,
}

/// The page as the screen stands, in the chosen language.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PageControls {
    pub language: Option<Language>,
    pub groups: Vec<PageGroup>,
}

/// A press of one of the page's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PagePress(pub Entity);

/// What a screen reader should say now: the last move and whose turn it is (or the result),
/// and a refusal or notice. `count` goes up with each new announcement.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Announcement {
    pub count: u64,
    pub words: String,
}

/// A part of a screen that is a group of its own on the page (the controls panel inside the
/// HUD's column); each root of the interface is one too.
#[derive(Component)]
pub(super) struct PageSection;

type UiNode<'a> = (
    Entity,
    Option<&'a Children>,
    Option<&'a Text>,
    Option<&'a Button>,
    Option<&'a Node>,
    Option<&'a Visibility>,
    Option<&'a GlobalZIndex>,
    Has<PageSection>,
);

/// Whether a node shows: not hidden, not out of the layout.
fn shows(node: Option<&Node>, visibility: Option<&Visibility>) -> bool {
    node.is_none_or(|n| n.display != Display::None) && visibility != Some(&Visibility::Hidden)
}

/// Reads the screen into the page: each shown root of the interface is a group; its shown
/// buttons (named by their words) and lines of text, depth first in the screen's order; the
/// groups drawn over the others (How to play, the result) first.
fn read_page(
    words: Res<Words>,
    (symbols, names): (Res<SeatSymbols>, Res<SeatNames>),
    roots: Query<Entity, (With<Node>, Without<ChildOf>)>,
    nodes: Query<UiNode>,
    mut page: ResMut<PageControls>,
) {
    let mut ordered: Vec<(i32, Entity)> = roots
        .iter()
        .map(|root| {
            let z = nodes.get(root).ok().and_then(|n| n.6).map_or(0, |z| z.0);
            (z, root)
        })
        .collect();
    ordered.sort_by_key(|(z, root)| (-z, root.index()));
    let mut groups = Vec::new();
    let mut sections: Vec<Entity> = ordered.into_iter().map(|(_, root)| root).collect();
    sections.reverse();
    while let Some(section) = sections.pop() {
        let mut items = Vec::new();
        let mut inner = Vec::new();
        collect(section, true, &nodes, &mut items, &mut inner);
        // A section inside this one follows it.
        sections.extend(inner.into_iter().rev());
        if items.is_empty() {
            continue;
        }
        // The first line titles the group; a group of buttons only is the game's controls.
        let title = match items.iter().position(|i| !i.button) {
            Some(0) => items.remove(0).words,
            _ => words.say(&Phrase::msg(id::PAGE_CONTROLS), *symbols, &names),
        };
        groups.push(PageGroup { title, items });
    }
    page.set_if_neq(PageControls {
        language: Some(words.language()),
        groups,
    });
}

fn collect(
    entity: Entity,
    top: bool,
    nodes: &Query<UiNode>,
    items: &mut Vec<PageItem>,
    sections: &mut Vec<Entity>,
) {
    let Ok((_, children, text, button, node, visibility, _, section)) = nodes.get(entity) else {
        return;
    };
    if !shows(node, visibility) {
        return;
    }
    if section && !top {
        sections.push(entity);
        return;
    }
    if button.is_some() {
        // A button is named by the words drawn on it.
        let mut words = Vec::new();
        gather_words(entity, nodes, &mut words);
        let words = words.join(" ");
        if !words.is_empty() {
            items.push(PageItem {
                entity,
                button: true,
                words,
            });
        }
        return;
    }
    if let Some(text) = text
        && !text.0.trim().is_empty()
    {
        items.push(PageItem {
            entity,
            button: false,
            words: text.0.clone(),
        });
    }
    for child in children.into_iter().flatten() {
        collect(*child, false, nodes, items, sections);
    }
}

fn gather_words(entity: Entity, nodes: &Query<UiNode>, words: &mut Vec<String>) {
    let Ok((_, children, text, _, node, visibility, ..)) = nodes.get(entity) else {
        return;
    };
    if !shows(node, visibility) {
        return;
    }
    if let Some(text) = text
        && !text.0.trim().is_empty()
    {
        words.push(text.0.trim().to_string());
    }
    for child in children.into_iter().flatten() {
        gather_words(*child, nodes, words);
    }
}

/// A press on the page presses the button for a frame, as a key or a quick tap does; a press
/// naming anything but a button on screen changes nothing.
fn press_from_page(
    mut commands: Commands,
    mut presses: MessageReader<PagePress>,
    mut buttons: Query<&mut Interaction, With<Button>>,
) {
    for PagePress(entity) in presses.read() {
        if let Ok(mut interaction) = buttons.get_mut(*entity) {
            *interaction = Interaction::Pressed;
            commands.entity(*entity).insert(PressedForAFrame);
        }
    }
}

/// What a screen reader hears: after a move, the move and whose turn it is (the result when
/// the game is over) with any notice; after a notice alone (a refusal, a hint), the notice
/// alone. Said once each, not again when only the turn line's "thinking..." came or went.
fn announce(
    state: Res<Match>,
    lines: Query<(&HudText, &Text)>,
    mut heard: Local<Option<(usize, bool, String)>>,
    mut said: ResMut<Announcement>,
) {
    let line = |which: HudText| {
        lines
            .iter()
            .find(|(w, _)| **w == which)
            .map(|(_, t)| t.0.trim().to_string())
            .filter(|t| !t.is_empty())
    };
    let notice = line(HudText::Message).unwrap_or_default();
    let now = (state.game.history().len(), state.game.is_over(), notice);
    let which: &[HudText] = match heard.as_ref() {
        Some(before) if *before == now => return,
        Some((length, over, _)) if (*length, *over) == (now.0, now.1) => &[HudText::Message],
        _ => &[HudText::LastMove, HudText::Turn, HudText::Message],
    };
    let words: Vec<String> = which.iter().filter_map(|&w| line(w)).collect();
    *heard = Some(now);
    if words.is_empty() {
        return;
    }
    said.count += 1;
    said.words = words.join(". ");
}

pub(super) struct PagePlugin;

impl Plugin for PagePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PageControls>()
            .init_resource::<Announcement>()
            .add_message::<PagePress>()
            // Before the buttons' presses are read, as a key's press is.
            .add_systems(
                Update,
                press_from_page
                    .run_if(on_message::<PagePress>)
                    .in_set(Frame::Keys),
            )
            // After the words are drawn, so the page reads what the screen shows.
            .add_systems(
                PostUpdate,
                (
                    read_page,
                    announce
                        .run_if(in_state(Screen::Playing))
                        .run_if(any_match_filter::<Changed<Text>>),
                )
                    .in_set(Frame::Access),
            );
    }
}
