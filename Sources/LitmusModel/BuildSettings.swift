import Foundation

/// The configuration SwiftPM builds the tests in (`--configuration`, `configuration`; SwiftPM's `-c`).
public enum SwiftBuildConfiguration: String, Codable, Sendable, Hashable, CaseIterable, LosslessStringConvertible,
    ConfigurationValue
{
    /// SwiftPM's default: unoptimized, `DEBUG` defined, testable imports.
    case debug
    /// Optimized, as `swift build -c release`.
    case release

    /// The configuration named `description` (`debug`, `release`), or `nil`.
    public init?(_ description: String) { self.init(rawValue: description) }

    /// Its name.
    public var description: String { rawValue }
}

/// The package traits to enable (`--traits A,B`, `traits`), as SwiftPM's `--traits` takes them; empty: the
/// package's default traits.
public struct TraitList: Codable, Sendable, Hashable, LosslessStringConvertible, ExpressibleByArrayLiteral,
    ConfigurationValue
{
    /// A list of trait names.
    public static var configurationShape: ConfigurationShape { .list(.text) }

    /// The traits, in order.
    public var names: [String]

    /// The traits `names`.
    public init(_ names: [String]) { self.names = names }

    /// The traits of a comma-separated list (`A,B`), as SwiftPM's `--traits` reads it.
    public init?(_ description: String) {
        names = description.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The traits `elements`.
    public init(arrayLiteral elements: String...) { names = elements }

    /// The traits as SwiftPM's `--traits` takes them: `A,B`.
    public var description: String { names.joined(separator: ",") }

    /// Read as a JSON array of names.
    public init(from decoder: any Decoder) throws { names = try [String](from: decoder) }

    /// Written as a JSON array of names.
    public func encode(to encoder: any Encoder) throws { try names.encode(to: encoder) }

    /// Why the list is no list of trait names (`an empty name`), or `nil`.
    var problem: String? {
        guard let bad = names.first(where: { $0.isEmpty || $0.contains { $0.isWhitespace || $0 == "," } }) else {
            return nil
        }
        return bad.isEmpty
            ? "holds an empty name: give trait names, as Package.swift declares them"
            : "holds \"\(bad)\", which is no trait name: give each name apart"
    }
}

/// What `swift build` options and test environments the audited package needs, checked before any work:
/// the options the audit decides itself are refused, and so are the variables it sets in every test process.
public enum BuildArgumentRules {
    /// The `swift build` options the audit decides: where the package is and where it is built (it builds
    /// a copy in a folder of its own, never in the package), and what is built.
    public static let decidedByLitmus: [String: String] = [
        "--package-path": "litmus builds a copy of the package, never the package itself",
        "-C": "litmus builds a copy of the package, never the package itself",
        "--chdir": "litmus builds a copy of the package, never the package itself",
        "--scratch-path": "litmus chooses the build folder (its --build-path, or the build cache)",
        "--build-path": "litmus chooses the build folder (its --build-path, or the build cache)",
        "--product": "litmus builds every test target",
        "--target": "litmus builds every test target",
        "--show-bin-path": "litmus needs the build itself",
    ]

    /// The variables the audit sets in every test process itself.
    public static let setByLitmus: Set<String> = [
        "TMPDIR", "LLVM_PROFILE_FILE", "LITMUS_PROCESS_TAG", "LITMUS_MUTANT", "LITMUS_COVERAGE",
    ]

    /// Why `arguments` cannot be given to the audit's `swift build` (`holds --scratch-path, which …`), or
    /// `nil`. What SwiftPM itself refuses is left to it: its own message names the option.
    public static func problem(arguments: [String]) -> String? {
        for argument in arguments {
            let option = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let why = decidedByLitmus[option] {
                return "holds \(option), which litmus decides (\(why)): remove it"
            }
        }
        return nil
    }

    /// Why `environment` cannot be set in the test processes, or `nil`.
    public static func problem(environment: [String: String]) -> String? {
        for name in environment.keys.sorted() {
            if name.isEmpty || name.contains("=") { return "holds \"\(name)\", which is no variable name" }
            if setByLitmus.contains(name) {
                return "sets \(name), which litmus sets in every test process itself: remove it"
            }
        }
        return nil
    }
}

extension SwiftBuildConfiguration {
    /// The configuration `arguments` name, as SwiftPM reads them: the value of the last `-c X`, `-cX`,
    /// `-c=X`, `--configuration X` or `--configuration=X` (not a value `-Xswiftc` passes on); `nil` when none
    /// does.
    public static func value(in arguments: [String]) -> String? {
        var found: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument.hasPrefix("-X") {
                index += 1  // `-Xswiftc -c…` is the compiler's
            } else if argument == "-c" || argument == "--configuration" {
                found = index + 1 < arguments.endIndex ? arguments[index + 1] : ""
                index += 1
            } else if argument.hasPrefix("--configuration=") {
                found = String(argument.dropFirst("--configuration=".count))
            } else if argument.hasPrefix("-c"), !argument.hasPrefix("--"), argument.count > 2 {
                found = String(argument.dropFirst(argument.hasPrefix("-c=") ? 3 : 2))
            }
            index += 1
        }
        return found
    }
}

/// Variables set in every test process (`testEnvironment`, `--test-env NAME=VALUE`). A report names them
/// without their values (`"(set)"`): a token a test needs stays out of the JSON and the history.
public struct TestEnvironment: Codable, Sendable, Hashable, ExpressibleByDictionaryLiteral, ConfigurationValue {
    /// An object of variable names, each value a string.
    public static var configurationShape: ConfigurationShape { .map(.text) }

    /// The variables and their values.
    public var variables: [String: String]

    /// The variables `variables`.
    public init(_ variables: [String: String] = [:]) { self.variables = variables }

    /// The variables of a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        variables = Dictionary(elements) { _, last in last }
    }

    /// Read as a JSON object of names and values.
    public init(from decoder: any Decoder) throws { variables = try [String: String](from: decoder) }

    /// Written as a JSON object of the names, each value `(set)`.
    public func encode(to encoder: any Encoder) throws {
        try variables.mapValues { _ in "(set)" }.encode(to: encoder)
    }
}
