import ArgumentParser
import LitmusCommands
import LitmusSupport

/// `litmus`: Litmus's command-line tool. Each job is a subcommand in a file of its own; add one by
/// listing it in `subcommands`.
@main
struct Litmus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "litmus",
        abstract: "A testing toolkit for Swift: an audit of a package's tests, and generated test doubles.",
        version: LitmusVersion.current,
        subcommands: commands
    )

    private static let commands: [any ParsableCommand.Type] = [
        AuditCommand.self, SmellsCommand.self, MutateCommand.self, MergeCommand.self, ReportCommand.self,
        HistoryCommand.self,
        CleanCommand.self,
        DoublesCommand.self,
        HARForwardCommand.self,
    ]
}
