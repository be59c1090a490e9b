//! Reading a request body as JSON: 415 when it is not declared JSON, 413
//! past the body limit, and 400 for JSON that does not parse (with the
//! line and column in the body) or does not fit the request type (with the
//! JSON pointer of the bad value). A large body is parsed off the async
//! threads: a megabyte of JSON takes milliseconds.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;
use tokio::sync::Semaphore;

/// Bodies this long or shorter are parsed on the async threads (serde
/// reads JSON at a few hundred MB/s: well under a millisecond); longer
/// ones on a blocking thread, one at a time: many clients sending
/// megabytes at once then take one core, not all of them, and the async
/// threads keep theirs.
const INLINE_BODY: usize = 64 << 10;

/// The one permit to parse a large body.
static PARSING: Semaphore = Semaphore::const_new(1);

/// A request body parsed as `T`. Named as axum's extractor is, so that
/// utoipa reads a route's request body from its argument.
pub struct Json<T>(pub T);

impl<S, T> FromRequest<S> for Json<T>
where
    T: DeserializeOwned + Send + 'static,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(&request) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON, sent with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
        if bytes.len() <= INLINE_BODY {
            return parse(&bytes).map(Json);
        }
        let permit = PARSING.acquire().await.map_err(|_| ApiError::busy())?;
        let parsed = tokio::task::spawn_blocking(move || parse(&bytes))
            .await
            .map_err(ApiError::from_join)?;
        drop(permit);
        parsed.map(Json)
    }
}

fn is_json(request: &Request) -> bool {
    let Some(value) = request.headers().get(header::CONTENT_TYPE) else {
        return false;
    };
    let Ok(value) = value.to_str() else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
        || (essence.len() > 5 && essence[essence.len() - 5..].eq_ignore_ascii_case("+json"))
}

/// Parses `bytes` as `T`, naming where it goes wrong.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = pointer(error.path());
        let inner = error.into_inner();
        body_error(inner, path)
    })?;
    deserializer
        .end()
        .map_err(|error| body_error(error, String::new()))?;
    Ok(value)
}

fn body_error(error: serde_json::Error, path: String) -> ApiError {
    use serde_json::error::Category;
    let (line, column) = (error.line(), error.column());
    let mut message = error.to_string();
    // serde_json appends " at line L column C"; the fields carry it.
    if let Some(cut) = message.rfind(" at line ") {
        message.truncate(cut);
    }
    let mut api = match error.classify() {
        Category::Data if !path.is_empty() => ApiError::at_path(path, message),
        // serde_json's word for an array longer than the tuple it fills
        // (a cell of three numbers): the JSON is valid, the value is not.
        Category::Syntax if !path.is_empty() && message == "trailing characters" => {
            ApiError::at_path(path, "more items than this array takes")
        }
        Category::Data => ApiError::bad(format!("the request body: {message}")),
        Category::Syntax | Category::Eof | Category::Io => {
            ApiError::bad(format!("the request body is not valid JSON: {message}"))
        }
    };
    if line > 0 {
        // serde_json says column 0 at the start of a line (an empty
        // body's end); columns count from 1 here as everywhere.
        api.body.line = Some(line);
        api.body.column = Some(column.max(1));
    }
    api
}

/// The JSON pointer (RFC 6901) of a serde path: `/board/pieces/2/x`.
fn pointer(path: &serde_path_to_error::Path) -> String {
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => {
                out.push('/');
                out.push_str(&index.to_string());
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                out.push('/');
                out.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
            Segment::Unknown => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Request {
        dominoes: Vec<[u64; 2]>,
    }

    #[test]
    fn a_wrong_value_is_named_by_its_pointer() {
        let error = parse::<Request>(br#"{"dominoes": [[1,2],[3,"x"]]}"#).unwrap_err();
        assert_eq!(error.body.path.as_deref(), Some("/dominoes/1/1"));
        assert_eq!(error.status, 400);
    }

    #[test]
    fn broken_json_is_named_by_line_and_column() {
        let error = parse::<Request>(b"{\n  \"dominoes\": [[1,2],\n}").unwrap_err();
        assert_eq!((error.body.line, error.body.column), (Some(3), Some(1)));
        assert!(error.body.path.is_none());
    }

    #[test]
    fn an_array_longer_than_its_tuple_is_named_by_its_pointer() {
        let error = parse::<Request>(br#"{"dominoes": [[1,2],[3,4,5]]}"#).unwrap_err();
        assert_eq!(error.body.error, "more items than this array takes");
        assert_eq!(error.body.path.as_deref(), Some("/dominoes/1"));
        let error = parse::<Request>(br#"{"dominoes": []} x"#).unwrap_err();
        assert!(
            error.body.error.contains("not valid JSON"),
            "{}",
            error.body.error
        );
    }

    #[test]
    fn unknown_fields_and_trailing_text_are_refused() {
        assert!(parse::<Request>(br#"{"dominoes": [], "x": 1}"#).is_err());
        assert!(parse::<Request>(br#"{"dominoes": []} x"#).is_err());
    }
}
