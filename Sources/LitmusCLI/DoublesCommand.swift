import ArgumentParser
import Foundation
import LitmusDoublesGenerator
import LitmusSupport

/// `litmus doubles`: writes the doubles of a module's protocols into a test target's folder.
/// `litmus mocks`, its name before the doubles took one name, is an alias that still works.
struct DoublesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doubles",
        abstract: "Write a test double (spy, stub and mock) of every protocol in a module's sources.",
        discussion: """
            Reads every .swift file under the given paths, resolves protocols that inherit from other \
            protocols among them, and writes one Swift file of doubles. A protocol that cannot be \
            doubled is a warning with its file and line; the others are still written.

              litmus doubles Sources/Movies --module Movies --output Tests/MoviesTests/MoviesDoubles.swift
            """,
        aliases: ["mocks"]
    )

    @Argument(help: "Swift files or folders of the module (folders are read recursively).")
    var paths: [String]

    @Option(help: "The module the sources belong to; the doubles file imports it with @testable.")
    var module: String

    @Option(help: "The file to write, usually in the test target's folder.")
    var output: String

    @Option(help: "An #if condition to compile the doubles under, e.g. DEBUG (default: none).")
    var condition: String?

    @Option(help: "Appended to each protocol's name to name its double.")
    var suffix: String = "Mock"

    @Flag(help: "Write one file per double into --output, which is then a folder.")
    var split = false

    @Flag(help: "Import the module without @testable and double only its public protocols.")
    var publicOnly = false

    @Option(
        name: .customLong("parent"),
        help: ArgumentHelp(
            "The source folder of another module whose protocols this module's protocols inherit from, named "
                + "after that module (Sources/Instrumentation), or Module=folder when the folder is named otherwise "
                + "(FlyingSocks=FlyingSocks/Sources); repeat it for several. Its protocols are not doubled; their "
                + "requirements are, in the children.",
            valueName: "folder"
        )
    )
    var parents: [String] = []

    func validate() throws {
        if condition?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw ValidationError("--condition is empty; give a condition such as DEBUG, or leave the option out.")
        }
        if suffix.isEmpty {
            throw ValidationError(
                "--suffix is empty, which would name each double after its protocol; give one, e.g. Mock.")
        }
    }

    func run() throws {
        let files = try SourceFinder.swiftFiles(in: paths).map { path in
            try SourceFile(contentsOf: path)
        }
        let parentModules = try parents.map { value in
            let (name, folder) = Self.parentModule(value)
            return ModuleDoubles.ParentModule(
                name: name,
                files: try SourceFinder.swiftFiles(in: [folder]).map { try SourceFile(contentsOf: $0) }
            )
        }
        let options = DoubleOptions(condition: condition, suffix: suffix)
        let result = ModuleDoubles(moduleName: module, options: options, isTestable: !publicOnly)
            .generate(from: files, parents: parentModules)
        for warning in result.warnings {
            FileHandle.standardError.write(Data("\(warning)\n".utf8))
        }
        if !result.droppedNonPublic.isEmpty {
            let names = result.droppedNonPublic.joined(separator: ", ")
            FileHandle.standardError.write(
                Data(
                    ("note: --public-only left out \(result.droppedNonPublic.count) protocols that are not public: "
                        + "\(names) (drop --public-only to double them with @testable import)\n").utf8))
        }
        if split {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            // A protocol declared in two clauses of an #if has two doubles of one name: one file holds both.
            var sourcesByName: [(name: String, sources: [String])] = []
            for (name, source) in zip(result.doubles, result.doubleSources) {
                if let index = sourcesByName.firstIndex(where: { $0.name == name }) {
                    sourcesByName[index].sources.append(source)
                } else {
                    sourcesByName.append((name, [source]))
                }
            }
            for (name, sources) in sourcesByName {
                let file = URL(fileURLWithPath: output).appendingPathComponent("\(name).swift")
                let text = ([result.header] + sources.map { $0 + "\n" }).joined(separator: "\n")
                try Data(text.utf8).write(to: file, options: .atomic)
            }
        } else {
            try Data(result.source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        }
        print("Wrote \(result.doubles.count) doubles of \(module) to \(output) (\(result.warnings.count) warnings).")
    }
}

extension DoublesCommand {
    /// The module and folder `--parent` names: `Module=folder`, or a folder named after its module.
    static func parentModule(_ value: String) -> (name: String, folder: String) {
        if let equals = value.firstIndex(of: "="), !value[..<equals].contains("/") {
            return (String(value[..<equals]), String(value[value.index(after: equals)...]))
        }
        return (URL(fileURLWithPath: value).standardizedFileURL.lastPathComponent, value)
    }
}

/// Finds the Swift files a command was pointed at.
enum SourceFinder {
    /// Every `.swift` file under `paths`, sorted; a path that does not exist, cannot be read or holds no
    /// Swift file is an error naming it.
    static func swiftFiles(in paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("\(path) does not exist; pass the module's source folder or its .swift files.")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw ValidationError("\(path) cannot be read; check its permissions.")
            }
            let base = URL(fileURLWithPath: path).standardizedFileURL.path
            let found = SwiftFiles.under(URL(fileURLWithPath: path)).map { path + $0.path.dropFirst(base.count) }
            files += found
            if found.isEmpty {
                throw ValidationError("\(path) holds no .swift file; pass the module's source folder.")
            }
        }
        return files.sorted()
    }
}
