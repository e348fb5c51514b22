import Foundation
import PackagePlugin

/// `swift package litmus VERB …`: the `litmus` command run in the package it is invoked in (docs/using-litmus.md).
/// The plugin asks SwiftPM to build the `litmus` product (the first time it compiles it; then it is up to date)
/// and runs it with the arguments given, in the package's folder, so `swift package litmus audit` audits the
/// package. It declares no tool: a plugin's tool is compiled for the host apart from the package's own modules,
/// so `litmus`'s own libraries (LitmusAudit, LitmusCommands, GRDB, …) were compiled twice in every build of this
/// package. In a build folder of its own, SwiftPM first builds the tools of the package's build plugins. SwiftPM
/// hands a plugin its arguments as they are, `--` included, so `swift package litmus audit -- --enable-test-discovery` passes the package's
/// own `swift build` options through unchanged. On macOS the plugin runs in
/// SwiftPM's sandbox, which `litmus audit`, `mutate` and `clean` cannot work in (they build the package
/// in a folder of their own and run its tests): give `--disable-sandbox` (`swift package
/// --disable-sandbox litmus audit`); a verb that writes into the package needs
/// `--allow-writing-to-package-directory`. No permission is declared: SwiftPM would ask for it, on Linux
/// too, and stop a run that cannot answer. Linux has no sandbox.
@main
struct LitmusCommandPlugin: CommandPlugin {
    /// The subcommands of `litmus` the plugin runs.
    static let verbs = ["audit", "smells", "mutate", "report", "merge", "history", "doubles", "clean"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let verb = arguments.first else { throw LitmusPluginError.noVerb }
        guard Self.verbs.contains(verb) || ["--help", "-h", "--version", "help"].contains(verb) else {
            throw LitmusPluginError.unknownVerb(verb)
        }
        let litmus = try Self.built(by: packageManager)
        let process = Process()
        process.executableURL = litmus
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LitmusPluginError.failed(verb: verb, status: process.terminationStatus)
        }
    }
}

extension LitmusCommandPlugin {
    /// The `litmus` executable, built by SwiftPM in the package's build folder, its progress shown as it builds.
    static func built(by packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(
            .product("litmus"), parameters: .init(configuration: .debug, logging: .concise, echoLogs: true))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw LitmusPluginError.notBuilt(log: result.logText)
        }
        return built.url
    }
}

/// Why `swift package litmus` stopped.
enum LitmusPluginError: Error, CustomStringConvertible {
    /// No subcommand was given.
    case noVerb
    /// A subcommand `litmus` does not have.
    case unknownVerb(String)
    /// `litmus` exited with a failure.
    case failed(verb: String, status: Int32)
    /// SwiftPM could not build `litmus`.
    case notBuilt(log: String)

    var description: String {
        switch self {
        case .noVerb:
            return "swift package litmus needs a command: \(LitmusCommandPlugin.verbs.joined(separator: ", ")) "
                + "(e.g. swift package litmus audit)."
        case .unknownVerb(let verb):
            return "swift package litmus has no command '\(verb)': give one of "
                + "\(LitmusCommandPlugin.verbs.joined(separator: ", ")) (swift package litmus --help lists them)."
        case .notBuilt(let log):
            return "swift package litmus could not build the litmus executable (swift build --product litmus shows "
                + "why):\n\(log.suffix(4000))"
        case .failed(let verb, let status):
            return "litmus \(verb) exited with status \(status) (1: a threshold not met, 2: it could not run; "
                + "its output above says why)."
        }
    }
}
