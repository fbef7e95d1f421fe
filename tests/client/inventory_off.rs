//! crates/inventory-off, the stand-in for `inventory` under Bevy's reflection, keeps
//! `inventory`'s API and drops what is submitted: nothing a submission names is kept, and
//! reading the list fails loudly instead of finding it quietly empty.

use std::sync::atomic::{AtomicBool, Ordering};

static RAN: AtomicBool = AtomicBool::new(false);

struct Registration(fn());

inventory::collect!(Registration);

inventory::submit! {
    Registration(|| RAN.store(true, Ordering::SeqCst))
}

#[test]
fn reading_the_registrations_panics_with_the_reason() {
    let read = std::panic::catch_unwind(|| {
        for registration in inventory::iter::<Registration> {
            (registration.0)();
        }
    });
    let message = read.expect_err("reading must panic");
    let message = message
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| message.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    assert!(message.contains("reflect_auto_register"), "{message}");
    assert!(!RAN.load(Ordering::SeqCst), "no submission ran");
}
