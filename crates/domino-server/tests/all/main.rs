//! The server's integration tests in one test binary (each binary links
//! the library, the server and the HTTP client): the API over real sockets
//! (api), the PDF books (book), the OpenAPI document held to the server (document), small
//! hostile requests (hostile), the limits every door keeps
//! (limits), the screenshot reader's route (read) and the replay of the server fuzz target's inputs
//! (fuzz_replay).

mod api;
mod book;
mod document;
mod fuzz_replay;
mod hostile;
mod limits;
mod read;
