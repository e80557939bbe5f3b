//! The `sudoscope` binary: parses the command line, installs the error and panic hooks, and
//! dispatches. Every failure ends as one line on standard error and an exit code from
//! the documented contract (`docs/guide.md`: 0 success, 1 runtime failure, 2 bad usage or
//! unreadable input).

mod cli;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // color-eyre's panic hook prints a readable report for bugs; the sections that point at
    // environment variables are noise for users.
    let _ = color_eyre::config::HookBuilder::default()
        .display_env_section(false)
        .install();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_failure(e),
    };
    match commands::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("sudoscope: {}", failure.message);
            }
            ExitCode::from(failure.code)
        }
    }
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
            eprintln!("sudoscope: {first}{valid} (see sudoscope --help)");
            ExitCode::from(2)
        }
    }
}
