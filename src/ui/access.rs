//! Screen readers: every button and every line of text is in the AccessKit tree with its role
//! and its words in the chosen language, so the panel-and-keyboard game can be played by ear.
//! A button is named by its text; other text is a label whose value is the line. Names follow
//! the text each time it is drawn again (a new language, a new turn).

use crate::frame::Frame;
use accesskit::Role;
use bevy::a11y::AccessibilityNode;
use bevy::prelude::*;

/// Gives changed text and the buttons it names their accessible role and words.
fn name_for_screen_readers(
    mut commands: Commands,
    texts: Query<(Entity, &Text, Option<&ChildOf>), Changed<Text>>,
    buttons: Query<(), With<Button>>,
    mut nodes: Query<&mut AccessibilityNode>,
) {
    for (entity, text, parent) in &texts {
        let (target, role) = match parent.map(ChildOf::parent) {
            Some(button) if buttons.contains(button) => (button, Role::Button),
            _ => (entity, Role::Label),
        };
        let words = text.0.clone().into_boxed_str();
        let name = |node: &mut accesskit::Node| {
            node.set_role(role);
            if role == Role::Button {
                node.set_label(words.clone());
            } else {
                node.set_value(words.clone());
            }
        };
        match nodes.get_mut(target) {
            Ok(mut node) => name(&mut node.0),
            Err(_) => {
                let mut node = accesskit::Node::new(role);
                name(&mut node);
                commands
                    .entity(target)
                    .try_insert(AccessibilityNode::from(node));
            }
        }
    }
}

pub(super) struct AccessPlugin;

impl Plugin for AccessPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, name_for_screen_readers.in_set(Frame::Access));
    }
}
