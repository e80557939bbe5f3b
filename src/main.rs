//! The `sudoscope` binary: parses the command line, installs the error and panic hooks, and
//! dispatches. Every failure ends as one line on standard error and an exit code from
//! the documented contract (`docs/guide.md`: 0 success, 1 runtime failure, 2 bad usage or
//! unreadable input).

mod cli;
mod commands;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    install_hooks();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_failure(e),
    };
    match commands::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            if !failure.message.is_empty() {
                // Not `eprintln!`: it panics when standard error is a terminal that is gone.
                let _ = writeln!(io::stderr(), "sudoscope: {}", failure.message);
            }
            ExitCode::from(failure.code)
        }
    }
}

/// color-eyre's hooks: a readable report for bugs, without the sections that point at
/// environment variables (noise for users). The panic report is written without `eprintln!`,
/// which panics when standard error is a terminal that has gone away (a closed window): a
/// panic inside the panic hook aborts the process.
fn install_hooks() {
    let Ok((panic_hook, eyre_hook)) = color_eyre::config::HookBuilder::default()
        .display_env_section(false)
        .try_into_hooks()
    else {
        return;
    };
    let _ = eyre_hook.install();
    std::panic::set_hook(Box::new(move |info| {
        let _ = writeln!(io::stderr(), "{}", panic_hook.panic_report(info));
    }));
}

/// Help and version go to standard output with success; usage errors become one line on
/// standard error and exit code 2.
fn clap_failure(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let rendered = e.render().to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid usage")
                .trim_start_matches("error: ");
            // A bad value of a fixed list (`--level extreme`) names the ones that would do.
            let valid = match e.get(clap::error::ContextKind::ValidValue) {
                Some(clap::error::ContextValue::Strings(values)) if !values.is_empty() => {
                    format!(" (expected one of: {})", values.join(", "))
                }
                _ => String::new(),
            };
            let _ = writeln!(
                io::stderr(),
                "sudoscope: {first}{valid} (see sudoscope --help)"
            );
            ExitCode::from(2)
        }
    }
}
