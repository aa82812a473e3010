//! Values that a record writes as the command line does, in words.

/// The two conversions through `String` that
/// `#[serde(into = "String", try_from = "String")]` asks of `$t`, made of
/// its `Display` and its `FromStr` (whose error serde shows): an option a
/// record writes as the command line writes it (`--first random`,
/// `--protocol 1=ucc`).
///
/// ```
/// use std::fmt;
/// use std::str::FromStr;
///
/// /// A seat, or none.
/// #[derive(Clone, Copy, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
/// #[serde(into = "String", try_from = "String")]
/// struct Seat(Option<u8>);
///
/// impl fmt::Display for Seat {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         match self.0 {
///             Some(n) => write!(f, "{n}"),
///             None => f.write_str("none"),
///         }
///     }
/// }
///
/// impl FromStr for Seat {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Seat, String> {
///         match s {
///             "none" => Ok(Seat(None)),
///             _ => s.parse().map(|n| Seat(Some(n))).map_err(|_| format!("{s:?} is no seat")),
///         }
///     }
/// }
///
/// game_core::serde_as_text!(Seat);
///
/// assert_eq!(String::from(Seat(None)), "none");
/// assert_eq!(Seat::try_from("3".to_owned()), Ok(Seat(Some(3))));
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($t:ty) => {
        impl From<$t> for String {
            fn from(value: $t) -> String {
                value.to_string()
            }
        }

        impl TryFrom<String> for $t {
            type Error = <$t as ::std::str::FromStr>::Err;

            fn try_from(s: String) -> Result<$t, Self::Error> {
                s.parse()
            }
        }
    };
}
