//! `domino completions SHELL` and `domino man`: the shell completion
//! scripts and the man pages, generated from the command line's own
//! definition (clap_complete, clap_mangen), so they always list the flags
//! the binary takes.

use crate::input::{emit, CliError};
use crate::Verdict;
use clap::Args;
use clap_complete::Shell;
use std::path::PathBuf;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print (bash: save it as
    /// ~/.local/share/bash-completion/completions/domino; zsh: as _domino
    /// in a folder of $fpath; fish: as ~/.config/fish/completions/domino.fish;
    /// powershell: dot-source it from $PROFILE).
    shell: Shell,
}

#[derive(Args)]
pub struct ManArgs {
    /// Write a page per command (domino.1, domino-pips-solve.1, ...) into
    /// this folder instead of printing domino.1.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Prints the completion script of `command` for the shell asked.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> Result<Verdict, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "domino", &mut script);
    emit(&script)?;
    Ok(Verdict::Yes)
}

/// Prints the man page of `command`, or writes every command's page into
/// the folder asked.
pub fn man(args: ManArgs, command: clap::Command) -> Result<Verdict, CliError> {
    match args.dir {
        Some(dir) => {
            let fail = |error| CliError::Io {
                path: dir.clone(),
                error,
            };
            std::fs::create_dir_all(&dir).map_err(fail)?;
            clap_mangen::generate_to(command, &dir).map_err(fail)?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            emit(&page)?;
        }
    }
    Ok(Verdict::Yes)
}
