import Foundation
import PackagePlugin

/// `swift package litmus VERB …`: the `litmus` command run in the package it is invoked in (docs/using-litmus.md).
/// SwiftPM builds `litmus` for the host on first use; the plugin runs it with the arguments given, in the
/// package's folder, so `swift package litmus audit` audits the package. It is a tool, not a product the plugin
/// asks SwiftPM to build: a tool is compiled for the host with swift-syntax's host copy, which a package using the
/// doubles' macro or plugin compiles anyway, while the `litmus` product needs a second copy of swift-syntax (the
/// consumer test's plugin step took 445–494 s that way against 301–325 s as a tool). SwiftPM hands a plugin its arguments
/// as they are, `--` included, so `swift package litmus audit -- --enable-test-discovery` passes the package's
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
        let litmus = try context.tool(named: "LitmusCLI").url
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

/// Why `swift package litmus` stopped.
enum LitmusPluginError: Error, CustomStringConvertible {
    /// No subcommand was given.
    case noVerb
    /// A subcommand `litmus` does not have.
    case unknownVerb(String)
    /// `litmus` exited with a failure.
    case failed(verb: String, status: Int32)

    var description: String {
        switch self {
        case .noVerb:
            return "swift package litmus needs a command: \(LitmusCommandPlugin.verbs.joined(separator: ", ")) "
                + "(e.g. swift package litmus audit)."
        case .unknownVerb(let verb):
            return "swift package litmus has no command '\(verb)': give one of "
                + "\(LitmusCommandPlugin.verbs.joined(separator: ", ")) (swift package litmus --help lists them)."
        case .failed(let verb, let status):
            return "litmus \(verb) exited with status \(status) (1: a threshold not met, 2: it could not run; "
                + "its output above says why)."
        }
    }
}
