use clap::Parser;
use panicpress::cli::Cli;

fn main() {
    // Like other command-line tools, end quietly when the reader of standard
    // output goes away (`panicpress ... -o - | head`), instead of reporting
    // "Broken pipe" as an error or panicking in println!.
    // SAFETY: restores the default action for one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind::*;
            if matches!(
                e.kind(),
                DisplayHelp | DisplayVersion | DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                std::process::exit(if e.kind() == DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                });
            }
            // One line naming the problem; --help has the rest.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{} (see panicpress --help)", panicpress::error::tidy(first));
            std::process::exit(2);
        }
    };
    match panicpress::commands::run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            // Always one line, even when a parser's message has several.
            let msg = e.to_string();
            let one_line: Vec<&str> = msg.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
            eprintln!("error: {}", panicpress::error::tidy(&one_line.join("; ")));
            std::process::exit(e.exit_code());
        }
    }
}
