import ArgumentParser

/// `litmus`: Litmus's command-line tool. Each job is a subcommand in a file of its own; add one by
/// listing it in `subcommands`.
@main
struct Litmus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "litmus",
        abstract: "A testing toolkit for Swift: generated test doubles, and more to come.",
        subcommands: [Mocks.self]
    )
}
