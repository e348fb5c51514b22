import Foundation

/// The limits an audit is held to; any unmet one makes `litmus audit` exit non-zero.
public struct AuditThresholds: Codable, Sendable, Hashable {
    /// Findings allowed against Fast.
    public var maxFast = 0
    /// Findings allowed against Isolated.
    public var maxIsolated = 0
    /// Findings allowed against Repeatable.
    public var maxRepeatable = 0
    /// Findings allowed against Self-validating.
    public var maxSelfValidating = 0
    /// The least line coverage of the sources, in percent.
    public var minLineCoverage = 0.0
    /// Tests allowed to fail on every run.
    public var maxFailingTests = 0

    /// The defaults: no finding, no failing test, any coverage.
    public init() {}

    /// Every threshold by its key (in the configuration file and in the flags' overrides).
    static let fields: [OptionField<AuditThresholds>] = [
        OptionField("maxFast", \.maxFast), OptionField("maxIsolated", \.maxIsolated),
        OptionField("maxRepeatable", \.maxRepeatable), OptionField("maxSelfValidating", \.maxSelfValidating),
        OptionField("minLineCoverage", \.minLineCoverage), OptionField("maxFailingTests", \.maxFailingTests),
    ]

    /// Decodes thresholds, keeping defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        self.init()
        try OptionField.decode(Self.fields, into: &self, from: decoder)
    }

    /// Sets the thresholds given (by key, as in the configuration file); `nil` values keep theirs.
    public mutating func override(_ values: [String: (any Sendable)?]) {
        OptionField.override(Self.fields, in: &self, with: values)
    }
}

/// How an audit runs. A configuration file (`.litmus-audit.json` in the package, or `--config`) holds the
/// same keys; flags given on the command line win.
public struct AuditOptions: Codable, Sendable, Hashable {
    /// Full-suite runs, for Repeatable and for durations.
    public var runs = 3
    /// The duration a test may take (its median), in milliseconds.
    public var budgetMilliseconds = 100.0
    /// Budgets of their own for some tests (an `endToEnd` tag, a class of browser tests), in place of
    /// `budgetMilliseconds`.
    public var budgets = DurationBudgets()
    /// Runs of a random half of the suite, whose choice follows from the seed.
    public var randomSubsets = 2
    /// Test processes run at once; 0 means one per core.
    public var parallelism = 0
    /// The time limit of one test process, in seconds.
    public var timeoutSeconds = 600.0
    /// Whether to measure coverage (llvm-cov), per file and per test.
    public var coverage = true
    /// How many of the slowest tests the report lists.
    public var slowestCount = 5
    /// The limits.
    public var thresholds = AuditThresholds()

    /// The defaults.
    public init() {}

    /// Every option by its key, with the range its value must lie in: the one description that the
    /// configuration file's decoder, the flags' overrides and ``validate()`` all read.
    static let fields: [OptionField<AuditOptions>] = [
        OptionField("runs", \.runs) { $0 < 1 ? "must be at least 1 (it is \($0))" : nil },
        OptionField("budgetMilliseconds", \.budgetMilliseconds) { $0 <= 0 ? "must be above 0 (it is \($0))" : nil },
        OptionField("budgets", \.budgets) { $0.problem },
        OptionField("randomSubsets", \.randomSubsets) { $0 < 0 ? "must be 0 or more (it is \($0))" : nil },
        OptionField("parallelism", \.parallelism) {
            $0 < 0 ? "must be 0 (one per core) or more (it is \($0))" : nil
        },
        OptionField("timeoutSeconds", \.timeoutSeconds) { $0 <= 0 ? "must be above 0 (it is \($0))" : nil },
        OptionField("coverage", \.coverage), OptionField("slowestCount", \.slowestCount),
        OptionField("thresholds", \.thresholds),
    ]

    /// Reads options from a JSON file; missing keys keep their defaults, and values out of range are
    /// an error naming the file and the key.
    public static func load(from url: URL) throws -> AuditOptions {
        let options: AuditOptions
        do {
            options = try JSONDecoder().decode(AuditOptions.self, from: Data(contentsOf: url))
        } catch {
            throw AuditError.badConfiguration(path: url.path, reason: "\(error)")
        }
        do {
            try options.validate()
        } catch AuditError.badOption(let key, let reason) {
            throw AuditError.badConfiguration(path: url.path, reason: "\(key) \(reason)")
        }
        return options
    }

    /// Throws ``AuditError/badOption(key:reason:)`` for the first value out of range.
    public func validate() throws(AuditError) {
        for field in Self.fields {
            if let reason = field.problem(self) { throw .badOption(key: field.key, reason: reason) }
        }
    }

    /// Decodes options, keeping defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        self.init()
        try OptionField.decode(Self.fields, into: &self, from: decoder)
    }

    /// Sets the options given (by key, as in the configuration file: the command's flags); `nil` values
    /// keep theirs. The thresholds are set through ``AuditThresholds/override(_:)``.
    public mutating func override(_ values: [String: (any Sendable)?]) {
        OptionField.override(Self.fields, in: &self, with: values)
    }
}

/// Budgets of their own for some tests, in milliseconds: a test of an XCTest class named in `classes`
/// has that class's budget; else a Swift Testing test with tags named in `tags` has the largest of
/// theirs; else `budgetMilliseconds` holds. In `.litmus-audit.json`:
/// `"budgets": {"tags": {"endToEnd": 5000}, "classes": {"InterruptionTests": 3000}}`.
public struct DurationBudgets: Codable, Sendable, Hashable {
    /// By Swift Testing tag, without the leading dot (`endToEnd`).
    public var tags: [String: Double] = [:]
    /// By XCTest class, without its module (`HTTPStubsXCTestTests`).
    public var classes: [String: Double] = [:]

    /// No budgets of their own.
    public init(tags: [String: Double] = [:], classes: [String: Double] = [:]) {
        self.tags = tags
        self.classes = classes
    }

    /// Decodes budgets; either key may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tags = try container.decodeIfPresent([String: Double].self, forKey: .tags) ?? [:]
        classes = try container.decodeIfPresent([String: Double].self, forKey: .classes) ?? [:]
    }

    /// The budget of `test` when it has one of its own, and what gives it (`tag endToEnd`).
    public func budget(of test: TestIdentity) -> (milliseconds: Double, source: String)? {
        if let type = test.xctestClass, let budget = classes[type] { return (budget, "class \(type)") }
        let tagged = test.tags.compactMap { tag in tags[tag].map { (milliseconds: $0, source: "tag \(tag)") } }
        return tagged.max { $0.milliseconds < $1.milliseconds }
    }

    /// Why a budget is out of range, or `nil`.
    var problem: String? {
        let all = tags.map { ("tags.\($0.key)", $0.value) } + classes.map { ("classes.\($0.key)", $0.value) }
        guard let bad = all.sorted(by: { $0.0 < $1.0 }).first(where: { $0.1 <= 0 }) else { return nil }
        return "\(bad.0) must be above 0 (it is \(bad.1))"
    }
}

/// One option of `Root` (``AuditOptions`` or ``AuditThresholds``): its key, where its value is stored,
/// and the range the value must lie in. The configuration file is decoded and the command's flags are
/// applied through the same fields, so an option is described once.
struct OptionField<Root>: Sendable {
    /// The key in the configuration file and in the JSON report.
    let key: String
    private let decodeValue: @Sendable (inout Root, KeyedDecodingContainer<OptionKey>) throws -> Void
    private let assignValue: @Sendable (inout Root, any Sendable) -> Bool
    private let check: @Sendable (Root) -> String?

    /// The option `key`, stored at `path`; `problem` says why a value is out of range (`nil`: it is not).
    init<Value: Decodable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Root, Value> & Sendable,
        problem: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        self.key = key
        decodeValue = { root, container in
            if let value = try container.decodeIfPresent(Value.self, forKey: OptionKey(key)) {
                root[keyPath: path] = value
            }
        }
        assignValue = { root, value in
            guard let value = value as? Value else { return false }
            root[keyPath: path] = value
            return true
        }
        check = { problem($0[keyPath: path]) }
    }

    /// Why the option's value in `root` is out of range, or `nil`.
    func problem(_ root: Root) -> String? { check(root) }

    /// Sets each field whose key `decoder` holds; the others keep their values.
    static func decode(_ fields: [OptionField], into root: inout Root, from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: OptionKey.self)
        for field in fields { try field.decodeValue(&root, container) }
    }

    /// Sets each field given a non-`nil` value. A key that names no field, or a value of another type,
    /// is a mistake in the caller's code: it stops the program, naming the key.
    static func override(_ fields: [OptionField], in root: inout Root, with values: [String: (any Sendable)?]) {
        for (key, value) in values {
            guard let value else { continue }
            guard let field = fields.first(where: { $0.key == key }) else {
                preconditionFailure("\(key) is not an option of \(Root.self)")
            }
            guard field.assignValue(&root, value) else {
                preconditionFailure("\(key) of \(Root.self) cannot hold \(type(of: value))")
            }
        }
    }
}

/// A key of the configuration file.
struct OptionKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
