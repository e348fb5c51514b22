import Foundation

/// How SwiftPM compiles one module, as its build description says (`.build/<triple>/debug/description.json`,
/// `swiftCommands`): the compiler, the sources and the arguments. The typed AST is dumped with the same
/// arguments, so the compiler resolves every name as the build did.
public struct ModuleCompile: Sendable, Hashable {
    /// The module's name.
    public var module: String
    /// The compiler (`swiftc`).
    public var executable: String
    /// Every source file of the module, absolute.
    public var sources: [String]
    /// The folder of the built modules it imports.
    public var importPath: String?
    /// The rest of its arguments, as SwiftPM gave them.
    public var arguments: [String]

    /// A description that cannot be read, and why.
    public struct Unreadable: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What is wrong with it.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The modules of the build description at `url`, by name.
    public static func read(description url: URL) throws -> [String: ModuleCompile] {
        guard let data = try? Data(contentsOf: url) else {
            throw Unreadable(path: url.path, reason: "SwiftPM wrote no build description there")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let commands = root["swiftCommands"] as? [String: Any]
        else { throw Unreadable(path: url.path, reason: "it has no `swiftCommands`: not a build description") }
        var modules: [String: ModuleCompile] = [:]
        for case let command as [String: Any] in commands.values {
            guard let module = command["moduleName"] as? String, let sources = command["sources"] as? [String],
                let executable = command["executable"] as? String
            else { continue }
            modules[module] = ModuleCompile(
                module: module, executable: executable, sources: sources, importPath: command["importPath"] as? String,
                arguments: command["otherArguments"] as? [String] ?? [])
        }
        return modules
    }

    /// Arguments of the build that make outputs or shape the build's own run, not what the code means:
    /// dropped from the dump's.
    static let droppedFlags: Set<String> = [
        "-incremental", "-enable-batch-mode", "-parseable-output", "-serialize-diagnostics", "-emit-objc-header",
        "-whole-module-optimization", "-wmo", "-no-whole-module-optimization", "-emit-module", "-emit-dependencies",
        "-c", "-emit-library", "-emit-executable", "-color-diagnostics", "-save-temps", "-emit-module-interface",
        "-emit-private-module-interface", "-experimental-emit-module-separately", "-emit-symbol-graph",
    ]
    /// The same, for flags followed by a value (`-index-store-path PATH`).
    static let droppedFlagsWithValue: Set<String> = [
        "-index-store-path", "-emit-objc-header-path", "-output-file-map", "-o", "-num-threads", "-emit-module-path",
        "-module-name", "-j", "-driver-batch-count", "-emit-module-interface-path",
        "-emit-private-module-interface-path", "-emit-symbol-graph-dir", "-emit-dependencies-path",
    ]

    /// The compiler's arguments that dump the module's typed AST as JSON to standard output, in one frontend
    /// process for the whole module (batch mode, one batch): the build's arguments without those that make
    /// outputs (the object files, the index, `-j`, incremental and parseable output).
    public var dumpArguments: [String] {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if Self.droppedFlagsWithValue.contains(argument) {
                skipNext = true
                continue
            }
            let isJobs = argument.hasPrefix("-j") && argument.dropFirst(2).allSatisfy(\.isNumber)
            if Self.droppedFlags.contains(argument) || isJobs || argument.hasPrefix("-index-store-path=") { continue }
            kept.append(argument)
        }
        return ["-dump-ast", "-dump-ast-format", "json", "-enable-batch-mode", "-driver-batch-count", "1"]
            + ["-module-name", module] + (importPath.map { ["-I", $0] } ?? []) + kept + sources
    }
}
