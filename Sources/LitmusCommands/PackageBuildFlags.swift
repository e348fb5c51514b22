import ArgumentParser
import LitmusAudit

/// How the package is built, on the command line of `litmus audit`, `litmus mutate` and `litmus smells`:
/// `--configuration` and `--traits` (described once, as ``AuditSetting``s), which win over
/// `.litmus-audit.json`'s keys; any other option of `swift build` goes after `--`
/// (``SwiftBuildArguments``).
public struct PackageBuildFlags: ParsableArguments {
    @Option(AuditOptions.configuration) var configuration: AuditOverride<AuditOptions>?
    @Option(AuditOptions.traits) var traits: AuditOverride<AuditOptions>?

    /// Creates the flags (ArgumentParser fills them).
    public init() {}

    /// Sets in `options` the configuration and traits given.
    public func apply(to options: inout AuditOptions) {
        configuration?.apply(to: &options)
        traits?.apply(to: &options)
    }
}

/// Options of `swift build` after `--` (`-Xswiftc -DNETWORK`, `--enable-test-discovery`), as `swift run
/// tool -- args` passes arguments through: `litmus audit` and `litmus mutate` add them after
/// `.litmus-audit.json`'s `buildArguments`. (`litmus smells`, whose paths are an array, reads them from its
/// paths: ``SmellsCommand``.)
public struct SwiftBuildArguments: ParsableArguments {
    /// The options after `--`.
    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp(
            "Options of swift build after --, as the package's CI passes them (-- -Xswiftc -DNETWORK --enable-test-discovery); added to buildArguments.",
            valueName: "swift-build-option"))
    public var arguments: [String] = []

    /// Creates the options (ArgumentParser fills them).
    public init() {}

    /// Adds them after `options`' `buildArguments`.
    public func apply(to options: inout AuditOptions) { options.buildArguments += arguments }
}

/// `--test-env NAME=VALUE`, repeatable: a variable set in every test process of `litmus audit` and `litmus
/// mutate`, over `.litmus-audit.json`'s `testEnvironment`.
public struct TestEnvironmentFlag: ParsableArguments {
    /// The variables given.
    @Option(
        name: .customLong("test-env"),
        help: ArgumentHelp(
            "Set a variable in every test process (repeatable); added to testEnvironment.", valueName: "name=value"),
        transform: TestEnvironmentFlag.parse)
    public var variables: [Variable] = []

    /// One `NAME=VALUE`.
    public struct Variable: Sendable {
        /// Its name.
        public var name: String
        /// Its value.
        public var value: String
    }

    /// Creates the flag (ArgumentParser fills it).
    public init() {}

    /// `NAME=VALUE`, or a refusal naming the text and the form it takes.
    static func parse(_ text: String) throws -> Variable {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("--test-env takes NAME=VALUE, not \(text)")
        }
        return Variable(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// Sets the variables given in `options`, over the file's.
    public func apply(to options: inout AuditOptions) {
        for variable in variables { options.testEnvironment.variables[variable.name] = variable.value }
    }
}
