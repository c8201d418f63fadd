fn main() {
    // Like other command-line tools, end quietly when the reader of standard
    // output goes away (`panicpress ... -o - | head`), instead of reporting
    // "Broken pipe" as an error or panicking in println!.
    // SAFETY: restores the default action for one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let matches = match panicpress::cli::command().try_get_matches() {
        Ok(m) => m,
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
            // One line naming the problem, in the language asked for when
            // --lang is among the arguments; --help has the rest.
            let lang = argument_language().unwrap_or_else(|| "en".into());
            let refused = panicpress::cli::arguments_refused(&e);
            let line = panicpress::msg!("cli.error", message = refused).words(&lang);
            eprintln!("{}", panicpress::error::tidy(&line));
            std::process::exit(2);
        }
    };
    if !matches!(matches.subcommand_name(), Some("serve")) {
        panicpress::output::remove_temporaries_on_signals();
    }
    // The web server and the command line are two adapters over the library:
    // the binary starts whichever was asked for.
    let ran = match matches.subcommand() {
        Some(("serve", m)) => panicpress::serve::serve(
            m.get_one::<String>("bind").expect("has a default"),
            *m.get_one::<u16>("port").expect("has a default"),
            m.get_flag("open"),
            m.get_one::<String>("lang").map_or("en", String::as_str),
        ),
        _ => panicpress::cli::run(matches.clone()),
    };
    match ran {
        Ok(code) => std::process::exit(code),
        Err(mut e) => {
            // In the language the sheets were asked in; always one line, even
            // when a parser's message has several.
            let lang = panicpress::cli::asked_language(&matches).unwrap_or_else(|| "en".into());
            e.message = e.words(&lang);
            eprintln!("{}", panicpress::error::line_in(&e, &lang));
            std::process::exit(e.exit_code());
        }
    }
}

/// The value of `--lang` (or `--lang=...`) among the raw arguments, for
/// words about arguments that could not be read.
fn argument_language() -> Option<String> {
    // Lossy: an argument that is not UTF-8 is refused by clap, not here.
    let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    args.iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--lang=") {
            Some(lang) => Some(lang.to_string()),
            None if a == "--lang" => args.get(i + 1).cloned(),
            None => None,
        })
}
