import LitmusSupport

/// A Swift file of the target being scanned.
public typealias SourceFile = LitmusSupport.SourceFile

/// Which Quick base class a spec descends from.
public enum SpecKind: String, Sendable {
    /// A `QuickSpec` subclass: synchronous examples.
    case quickSpec = "QuickSpec"
    /// An `AsyncSpec` subclass: async examples.
    case asyncSpec = "AsyncSpec"
}

/// A spec class found in the sources, which the generated code can name and run.
public struct FoundSpec: Equatable, Sendable {
    /// The name code in the module refers to it by, with enclosing types (`Outer.InnerSpec`).
    public let qualifiedName: String
    /// The Quick base class it descends from.
    public let kind: SpecKind
    /// Where it is declared.
    public let path: String
    /// The line of its `class` keyword.
    public let line: Int
    /// The `#if` condition it is declared under, if any (`os(Linux) && !(DEBUG)`).
    public let condition: String?
    /// Whether another spec of the target inherits from it (an abstract base may define no examples).
    public let isSubclassed: Bool
}

/// Something the scanner could not decide, or a spec it cannot run; printed as a compiler warning.
public struct ScanDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public let path: String
    /// The line concerned.
    public let line: Int
    /// What is wrong and what to do.
    public let message: String

    /// `path:line: warning: message`, the form build logs and editors pick up.
    public var description: String { "\(path):\(line): warning: \(message)" }
}

/// The result of scanning a target: the specs to run and what could not be decided.
public struct SpecScan: Equatable, Sendable {
    /// The runnable specs, in file and declaration order.
    public let specs: [FoundSpec]
    /// Specs that cannot run, and doubts; empty when everything was decided.
    public let diagnostics: [ScanDiagnostic]
}

/// Finds the QuickSpec and AsyncSpec subclasses declared in a target's Swift files by reading
/// their text: no compiler, so it builds in seconds.
///
/// It skips comments, string and regex literals, follows nested types and extensions, keeps the
/// `#if` condition a class is declared under, and follows subclasses of subclasses declared in the
/// target. It reports, rather than guesses, what it cannot run: generic, private and local
/// classes, and classes whose superclass ending in "Spec" is declared elsewhere.
public enum SpecScanner {
    /// Scans `files` together: a spec may inherit from a class declared in another file.
    public static func scan(_ files: [SourceFile]) -> SpecScan {
        var classes: [ClassDeclaration] = []
        var diagnostics: [ScanDiagnostic] = []
        for file in files {
            var reader = DeclarationReader(path: file.path)
            reader.read(file.text)
            classes += reader.classes
            diagnostics += reader.diagnostics
        }
        var resolver = SpecResolver(classes: classes)
        let specs = resolver.resolve()
        return SpecScan(specs: specs, diagnostics: diagnostics + resolver.diagnostics)
    }
}

/// A class declaration as read from the text.
struct ClassDeclaration {
    let name: String
    /// The names of the enclosing types, outermost first.
    let enclosingTypes: [String]
    let path: String
    let line: Int
    /// The first type of the inheritance clause, as written (`Quick.QuickSpec`, `BaseSpec`).
    let superclass: String?
    let isGeneric: Bool
    let isPrivate: Bool
    /// Declared inside a function, closure, or a property's body.
    let isLocal: Bool
    let condition: String?
    /// The line of an instance method `func spec()`, which Quick 7 never calls.
    var instanceSpecMethodLine: Int?

    var qualifiedName: String { (enclosingTypes + [name]).joined(separator: ".") }
}

/// Reads one file's class declarations, their nesting and their `#if` conditions.
private struct DeclarationReader {
    private enum Scope {
        case type(names: [String], classIndex: Int?)
        case code
    }

    /// One `#if … #endif` block: the conditions of its branches so far.
    private struct ConditionalBlock {
        var earlierBranches: [String]
        var current: String?
    }

    let path: String
    private(set) var classes: [ClassDeclaration] = []
    private(set) var diagnostics: [ScanDiagnostic] = []
    private var tokens: [SwiftToken] = []
    private var scopes: [Scope] = []
    private var pendingType: (names: [String], classIndex: Int?)?
    private var conditionals: [ConditionalBlock] = []

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "extension"]
    /// Words that may follow `class` when it is a modifier (`class func`), not a declaration.
    private static let wordsAfterClassModifier: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "public", "private", "internal", "fileprivate",
        "open", "package", "static", "init", "deinit", "convenience", "required", "dynamic", "nonisolated",
        "mutating", "lazy", "weak", "unowned", "where",
    ]
    private static let declarationModifiers: Set<String> = [
        "public", "private", "internal", "fileprivate", "open", "package", "final", "nonisolated", "indirect",
        "override", "static", "class", "required", "convenience", "dynamic", "mutating", "nonmutating", "lazy",
    ]

    init(path: String) {
        self.path = path
    }

    mutating func read(_ text: String) {
        let (tokens, problem) = SwiftTokenizer.tokenize(text)
        self.tokens = tokens
        if let problem {
            diagnose(
                line: problem.line,
                "\(problem.message), so specs declared after line \(problem.line) may be missed; close it"
            )
        }
        var index = 0
        while index < tokens.count {
            index = step(at: index)
        }
        if !scopes.isEmpty {
            diagnose(
                line: tokens.last?.line ?? 1,
                "braces do not balance (\(scopes.count) left open; `#if` branches that each open a brace do "
                    + "this), so the nesting of specs in this file may be wrong"
            )
        }
    }

    private mutating func diagnose(line: Int, _ message: String) {
        diagnostics.append(ScanDiagnostic(path: path, line: line, message: message))
    }

    private func token(_ index: Int) -> SwiftToken? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    /// Handles the token at `index` and returns the index of the next one to handle.
    private mutating func step(at index: Int) -> Int {
        let current = tokens[index]
        switch current.kind {
        case .directive(let condition):
            handleDirective(current.text, condition: condition)
        case .punctuation where current.text == "{":
            if let pending = pendingType {
                scopes.append(.type(names: pending.names, classIndex: pending.classIndex))
                pendingType = nil
            } else {
                scopes.append(.code)
            }
        case .punctuation where current.text == "}":
            if scopes.popLast() == nil {
                diagnose(line: current.line, "a `}` closes nothing; the nesting of specs in this file may be wrong")
            }
        case .word(isEscaped: false) where Self.typeKeywords.contains(current.text):
            return readTypeDeclaration(at: index)
        case .word(isEscaped: false) where current.text == "func":
            noteInstanceSpecMethod(at: index)
        default:
            break
        }
        return index + 1
    }

    private mutating func handleDirective(_ directive: String, condition: String) {
        switch directive {
        case "if":
            conditionals.append(ConditionalBlock(earlierBranches: [], current: condition))
        case "elseif":
            guard var block = conditionals.popLast() else { return }
            block.earlierBranches += block.current.map { [$0] } ?? []
            block.current = condition
            conditionals.append(block)
        case "else":
            guard var block = conditionals.popLast() else { return }
            block.earlierBranches += block.current.map { [$0] } ?? []
            block.current = nil
            conditionals.append(block)
        default:
            _ = conditionals.popLast()
        }
    }

    /// The condition code at this point is compiled under, or nil outside any `#if`.
    private var currentCondition: String? {
        let parts = conditionals.flatMap { block in
            block.earlierBranches.map { "!(\($0))" } + (block.current.map { ["(\($0))"] } ?? [])
        }
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }

    private mutating func readTypeDeclaration(at index: Int) -> Int {
        let keyword = tokens[index].text
        guard let nameToken = token(index + 1), nameToken.isWord else { return index + 1 }
        if keyword == "class", case .word(isEscaped: false) = nameToken.kind,
            Self.wordsAfterClassModifier.contains(nameToken.text)
        {
            return index + 1
        }
        if keyword == "actor" || keyword == "class", token(index - 1)?.text == "." {
            return index + 1
        }
        var names = [nameToken.text]
        var next = index + 2
        if keyword == "extension" {
            while token(next)?.text == ".", let part = token(next + 1), part.isWord {
                names.append(part.text)
                next += 2
            }
        }
        guard keyword == "class" else {
            pendingType = (names, nil)
            return next
        }
        let isGeneric = token(next)?.text == "<"
        if isGeneric { next = skipAngleBrackets(from: next) }
        let modifiers = modifiersBefore(index)
        let declaration = ClassDeclaration(
            name: nameToken.text,
            enclosingTypes: enclosingTypeNames,
            path: path,
            line: tokens[index].line,
            superclass: token(next)?.text == ":" ? firstInheritedType(from: next + 1) : nil,
            isGeneric: isGeneric,
            isPrivate: modifiers.contains("private") || modifiers.contains("fileprivate"),
            isLocal: scopes.contains { if case .code = $0 { return true } else { return false } },
            condition: currentCondition
        )
        classes.append(declaration)
        pendingType = (names, classes.count - 1)
        return next
    }

    private var enclosingTypeNames: [String] {
        scopes.flatMap { scope -> [String] in
            if case .type(let names, _) = scope { return names }
            return []
        }
    }

    private func skipAngleBrackets(from start: Int) -> Int {
        var depth = 0
        var index = start
        while let current = token(index) {
            if current.text == "<" { depth += 1 }
            if current.text == ">" { depth -= 1 }
            index += 1
            if depth == 0 || current.text == "{" { break }
        }
        return index
    }

    /// The words before the declaration keyword at `index` that modify it (`private`, `final`),
    /// skipping attributes such as `@MainActor` and `@available(…)`.
    private func modifiersBefore(_ index: Int) -> Set<String> {
        var modifiers: Set<String> = []
        var back = index - 1
        while let current = token(back) {
            if current.text == ")" {
                var depth = 0
                while let inner = token(back) {
                    if inner.text == ")" { depth += 1 }
                    if inner.text == "(" { depth -= 1 }
                    back -= 1
                    if depth == 0 { break }
                }
                continue
            }
            if current.isWord, token(back - 1)?.text == "@" {
                back -= 2
                continue
            }
            guard case .word(isEscaped: false) = current.kind, Self.declarationModifiers.contains(current.text) else {
                break
            }
            modifiers.insert(current.text)
            back -= 1
        }
        return modifiers
    }

    /// The first type of an inheritance clause starting at `start`, without generic arguments.
    private func firstInheritedType(from start: Int) -> String? {
        var index = start
        while let current = token(index), current.text == "@" || current.text == "~" {
            index += current.text == "@" ? 2 : 1
        }
        guard let first = token(index), first.isWord else { return nil }
        var parts = [first.text]
        index += 1
        while true {
            if token(index)?.text == "<" {
                index = skipAngleBrackets(from: index)
            } else if token(index)?.text == ".", let part = token(index + 1), part.isWord {
                parts.append(part.text)
                index += 2
            } else {
                break
            }
        }
        return parts.joined(separator: ".")
    }

    /// Records `func spec(` declared without `class` or `static` directly in a class body.
    private mutating func noteInstanceSpecMethod(at index: Int) {
        guard token(index + 1)?.text == "spec", token(index + 2)?.text == "(" || token(index + 2)?.text == "<",
            case .type(_, let classIndex?) = scopes.last
        else { return }
        let modifiers = modifiersBefore(index)
        if !modifiers.contains("class"), !modifiers.contains("static") {
            classes[classIndex].instanceSpecMethodLine = tokens[index].line
        }
    }
}
