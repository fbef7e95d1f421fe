//! Reading files a person may have edited, or an older game wrote: a value that does not read
//! as its type is left out (`None`), so one bad field costs that field, not the whole file.

use serde::{Deserialize, Deserializer};

/// `#[serde(default, deserialize_with = "crate::lenient::or_none")]`: the value, or none when it
/// is not one.
pub(crate) fn or_none<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(T::deserialize(value).ok())
}
