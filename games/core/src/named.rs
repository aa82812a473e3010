//! Enums whose values have names (a game's directions, ranks, sorts): the
//! list of every value and the table of names, written once per enum as
//! its declaration.

/// Declares a field-less enum whose every variant has a name, the one
/// given after `=>` or else its own: the enum as written (attributes, doc
/// comments, discriminants), and for it
///
/// - `ALL`, every value in the order declared;
/// - `name(self)`, its name, and [`Display`](std::fmt::Display), which
///   writes it;
/// - `from_name(name)`, the value of that name, if one has it.
///
/// ```
/// game_core::named_enum! {
///     /// A way out.
///     #[derive(Clone, Copy, PartialEq, Eq, Debug)]
///     pub enum Exit {
///         /// Up the stairs.
///         Up = 1 => "up",
///         /// Down them.
///         Down = 2 => "down",
///         /// Out of the window.
///         Window,
///     }
/// }
/// assert_eq!(Exit::ALL, [Exit::Up, Exit::Down, Exit::Window]);
/// assert_eq!(Exit::Down.to_string(), "down");
/// assert_eq!(Exit::from_name("up"), Some(Exit::Up));
/// assert_eq!(Exit::Window.name(), "Window");
/// ```
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $enum:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $(= $value:expr)? $(=> $name:literal)?
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $enum {
            $(
                $(#[$vmeta])*
                $variant $(= $value)?,
            )+
        }

        impl $enum {
            /// Every value, in the order declared.
            pub const ALL: [$enum; [$(stringify!($variant)),+].len()] = [$($enum::$variant),+];

            /// Its name, as `Display` writes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $crate::__variant_name!($variant $($name)?),)+
                }
            }

            /// The value named `name`, if one is.
            pub fn from_name(name: &str) -> Option<$enum> {
                $enum::ALL.into_iter().find(|v| v.name() == name)
            }
        }

        impl ::std::fmt::Display for $enum {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// The name of a variant in [`named_enum!`]: the one given, or its own.
#[doc(hidden)]
#[macro_export]
macro_rules! __variant_name {
    ($variant:ident) => {
        stringify!($variant)
    };
    ($variant:ident $name:literal) => {
        $name
    };
}

#[cfg(test)]
mod tests {
    crate::named_enum! {
        /// Discriminants given, not in the order of the names.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        #[repr(i8)]
        enum Turn {
            /// Minus one.
            Left = -1 => "L",
            /// One.
            Right = 1 => "R",
            /// Zero.
            Straight = 0 => "S",
            /// Two, named as it is.
            Back = 2,
        }
    }

    #[test]
    fn all_names_and_back() {
        assert_eq!(
            Turn::ALL,
            [Turn::Left, Turn::Right, Turn::Straight, Turn::Back]
        );
        assert_eq!(Turn::Back.name(), "Back");
        for t in Turn::ALL {
            assert_eq!(Turn::from_name(t.name()), Some(t));
            assert_eq!(t.to_string(), t.name());
        }
        assert_eq!(Turn::Straight as i8, 0);
        assert_eq!(Turn::from_name("l"), None);
    }
}
