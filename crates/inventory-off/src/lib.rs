//! The `inventory` API with every submission dropped at compile time.
//!
//! Its only user is `bevy_reflect`: with its default features every `#[derive(Reflect)]` type
//! submits a registration function, and on the web the linker runs all the submissions at start
//! (`__wasm_call_ctors`). The registry they fill is read only when Bevy's `reflect_auto_register`
//! feature is on, and the game leaves it off; yet each submission kept its type's whole
//! reflection and serde code alive in the wasm (702 types). Dropping them drops that code.
//!
//! Reading the registry panics with a message instead of quietly finding it empty, so turning
//! `reflect_auto_register` on without removing this patch fails at the first `App::new()`.

#![no_std]

/// A type whose values may be submitted (and here never are).
pub trait Collect: Sync + Sized + 'static {}

/// Declares `$ty` collectable, as `inventory::collect!` does.
#[macro_export]
macro_rules! collect {
    ($ty:ty) => {
        impl $crate::Collect for $ty {}
    };
}

/// Drops the submission: nothing is registered and no code is kept for it.
#[macro_export]
macro_rules! submit {
    ($($submission:tt)*) => {};
}

mod ghost {
    /// `inventory::iter::<T>` names both this type and its value (the `iter` variant), the
    /// shape `for x in inventory::iter::<T>` needs.
    #[allow(non_camel_case_types)]
    pub enum iter<T> {
        #[doc(hidden)]
        __Phantom(core::marker::PhantomData<T>, core::convert::Infallible),
        iter,
    }

    // The variant fills the value namespace; the enum itself shadows it in the type namespace.
    #[doc(hidden)]
    pub use self::iter::*;
}

pub use ghost::iter;

impl<T: Collect> IntoIterator for iter<T> {
    type Item = &'static T;
    type IntoIter = core::iter::Empty<&'static T>;

    fn into_iter(self) -> Self::IntoIter {
        panic!(
            "automatic type registration is off in starhalma: crates/inventory-off drops every \
             submission, so remove its [patch.crates-io] entry before enabling Bevy's \
             `reflect_auto_register`"
        )
    }
}
