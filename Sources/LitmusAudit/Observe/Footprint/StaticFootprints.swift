import Foundation
import LitmusModel

/// Each test's footprint read from the compiler's typed AST instead of a run (docs/audit.md, "Footprints without a
/// run"): a call graph of the package's own modules, from each declaration with code (a function, an initializer,
/// an accessor, a global's or a member's initial value) to every declaration its code names, and the places of shared
/// state (``StateAccess``) in each. A test's footprint is the places of every declaration its code reaches, with its
/// type's initial values, initializers, `setUp`/`tearDown` and `deinit`, and the traits its attributes and its
/// suites' name (what they make, and the scope the testing library runs them in).
///
/// Over-approximated where it can tell: a call through a protocol requirement or a class's member reaches every
/// declaration of that name (whichever conformance or override runs), a property's or a subscript's accessors with
/// it; a closure's code is its enclosing declaration's; a call into a dependency (whose typed AST is not read) reaches
/// every place of shared state in every dependency's sources; a module whose sources were not read either is
/// ``SharedState/unseen(_:)``. The toolchain's code is no edge: its calls that touch shared state are places
/// themselves, found in the caller (``SharedStateSites``). Not followed (docs/audit.md lists them): the toolchain or a
/// dependency calling back into the package (a `Decodable` initializer, a conformance a dependency runs), an
/// initializer through a protocol requirement, property wrappers' and macros' expanded code, superclasses'
/// initializers, closures stored by code the test does not reach.
struct StaticFootprints: Sendable {
    /// A declaration with code, in one file: its span of bytes, its name and what it is.
    struct Body: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case function, initializer, accessor, value }
        var usr: String
        var file: String
        var start: Int
        var end: Int
        var name: String
        var kind: Kind
        /// Declared `static` or `class`: a class's `setUp` of that kind runs once around all its tests.
        var typeLevel = false

        var span: Int { end - start }
    }

    /// A type the modules declare: its USR and span.
    struct TypeSpan: Sendable, Hashable {
        var usr: String
        var file: String
        var start: Int
        var end: Int
    }

    private(set) var bodies: [String: [Body]] = [:]
    private(set) var accesses: [String: [StateAccess]] = [:]
    private var references: [String: Set<String>] = [:]
    /// The declarations of each name (with code or without), by USR.
    private var byName: [String: Set<String>] = [:]
    private var byFile: [String: [Body]] = [:]
    private var texts: [String: [UInt8]] = [:]
    /// The references in no declaration's code, by file: an attribute's arguments (a suite's trait) among them.
    private var loose: [String: [(start: Int, usr: String)]] = [:]
    /// The names of the declarations (with code or without: a requirement), by USR.
    private var names: [String: String] = [:]
    private var types: [String: TypeSpan] = [:]
    private var typesByFile: [String: [TypeSpan]] = [:]
    /// The protocols and classes: a member of one is reached by name.
    private var dispatched: Set<String> = []
    private var modules: Set<String>
    private var dependencyModules: Set<String>
    /// What each declaration's code reaches.
    private var successors: [String: [String]] = [:]
    /// The declarations of what the testing library runs of a trait (``traitScopes``), by the type declaring them.
    private var scopes: [String: [String]] = [:]
    /// The graph numbered for each test's walk, once it is whole.
    private var walk = FootprintWalk(successors: [:], accesses: [:], unread: [:], dependencyPlaces: [])

    /// Code the graph does not read: a dependency's (its places), or a module's whose sources were not read either.
    enum Unread: Sendable, Hashable {
        case dependency
        case module(String)
    }

    /// The graph of `files` (by path: their typed facts and text), with the state `accesses` of each file, of the
    /// package's own `modules` (whose code was read). `dependencies`: the places of shared state in each module whose
    /// sources, not typed AST, were read (the package's dependencies).
    init(
        files: [String: (facts: TypedFileFacts, text: String)], accesses: [String: [StateAccess]], modules: Set<String>,
        dependencies: [String: [StateAccess]] = [:]
    ) {
        self.modules = modules
        self.dependencyModules = Set(dependencies.keys)
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            read(path, facts: file.facts, text: file.text, accesses: accesses[path] ?? [])
        }
        // What each declaration's code calls that the graph does not read.
        var unread: [String: Set<Unread>] = [:]
        var reach: [String: (next: [String], unread: Unread?)] = [:]
        for (owner, named) in references {
            for reference in named.sorted() {
                if reach[reference] == nil { reach[reference] = reached(by: reference) }
                guard let (next, missing) = reach[reference] else { continue }
                successors[owner, default: []] += next
                if let missing { unread[owner, default: []].insert(missing) }
            }
        }
        for usr in bodies.keys.sorted() where Self.traitScopes.contains(names[usr] ?? "") {
            if let type = type(of: usr) { scopes[type, default: []].append(usr) }
        }
        // Every place of shared state in the dependencies' sources: a call into any dependency reaches them all (it may
        // call the others).
        walk = FootprintWalk(
            successors: successors, accesses: self.accesses, unread: unread,
            dependencyPlaces: dependencies.keys.sorted().flatMap { dependencies[$0] ?? [] })
    }

    /// The modules of the toolchain, whose code touches shared state only through the calls
    /// ``SharedStateSites`` finds at the caller.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "XCTest", "Testing", "_Testing_Foundation", "Glibc",
        "SwiftGlibc", "Musl", "Darwin", "Android", "WinSDK", "ucrt", "os", "SwiftOnoneSupport", "__C",
    ]

    private static let kinds: [String: Body.Kind] = [
        "func_decl": .function, "constructor_decl": .initializer, "destructor_decl": .function,
        "accessor_decl": .accessor,
    ]

    private mutating func read(_ path: String, facts: TypedFileFacts, text: String, accesses found: [StateAccess]) {
        let bytes = Array(text.utf8)
        texts[path] = bytes
        var functions: [Body] = []
        var bindings: [Body] = []
        var variables: [(usr: String, start: Int)] = []
        var named: [(start: Int, usr: String)] = []
        for fact in facts.facts {
            let kind = facts.kind(of: fact)
            let usr = facts.declaration(of: fact)?.usr
            let (start, end) = (Int(fact.start), Int(fact.end))
            if let usr, kind.hasSuffix("_decl") || kind == "protocol", names[usr] == nil {
                let name = DeclarationText.name(at: start, in: bytes)
                names[usr] = name
                byName[name, default: []].insert(usr)
            }
            if let bodyKind = Self.kinds[kind], let usr {
                functions.append(
                    Body(
                        usr: usr, file: path, start: start, end: end, name: names[usr] ?? "", kind: bodyKind,
                        typeLevel: DeclarationText.isTypeLevel(at: start, in: bytes)))
            } else if kind == "pattern_binding_decl" {
                bindings.append(Body(usr: "", file: path, start: start, end: end, name: "", kind: .value))
            } else if kind == "var_decl", let usr {
                variables.append((usr, start))
            } else if ["protocol", "class_decl", "struct_decl", "enum_decl"].contains(kind), let usr {
                if kind == "protocol" || kind == "class_decl" { dispatched.insert(usr) }
                if kind != "protocol" {
                    let span = TypeSpan(usr: usr, file: path, start: start, end: end)
                    types[usr] = span
                    typesByFile[path, default: []].append(span)
                }
            } else if kind.hasSuffix("_expr"), let usr {
                named.append((start, usr))
            }
        }
        // A global's or a member's initial value (a binding in no function) is its variable's code.
        let topLevel = zip(bindings, Self.innermost(functions, at: bindings.map(\.start))).filter { $0.1 == nil }.map(
            \.0)
        var values: [Body] = []
        for (variable, binding) in zip(variables, Self.innermost(topLevel, at: variables.map(\.start))) {
            guard let binding else { continue }
            values.append(
                Body(
                    usr: variable.usr, file: path, start: binding.start, end: binding.end,
                    name: names[variable.usr] ?? "", kind: .value))
        }
        let all = functions + values
        byFile[path] = all
        for body in all { bodies[body.usr, default: []].append(body) }
        for (reference, owner) in zip(named, Self.innermost(all, at: named.map(\.start))) {
            guard let owner else {
                loose[path, default: []].append(reference)
                continue
            }
            guard reference.usr != owner.usr else { continue }
            references[owner.usr, default: []].insert(reference.usr)
        }
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        let places = found.map { access in
            access.line >= 1 && access.line <= lineStarts.count ? lineStarts[access.line - 1] + access.column - 1 : -1
        }
        for (access, owner) in zip(found, Self.innermost(all, at: places)) {
            guard let owner else { continue }
            accesses[owner.usr, default: []].append(access)
        }
    }

    /// The innermost of `bodies` holding each of `offsets`.
    private static func innermost(_ bodies: [Body], at offsets: [Int]) -> [Body?] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        let sorted = order.map { offsets[$0] }
        var owners = [Body?](repeating: nil, count: offsets.count)
        for body in bodies.sorted(by: { $0.span < $1.span }) {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < body.start { low = middle + 1 } else { high = middle }
            }
            while low < sorted.count, sorted[low] <= body.end {
                if owners[order[low]] == nil { owners[order[low]] = body }
                low += 1
            }
        }
        return owners
    }

    /// The type declaring `usr` (the longest type USR it starts with), if the modules declare it.
    private func type(of usr: String) -> String? {
        var end = usr.endIndex
        while end > usr.startIndex {
            let prefix = String(usr[..<end])
            if types[prefix] != nil { return prefix }
            end = usr.index(before: end)
        }
        return nil
    }

    /// Whether `usr` is a member of a protocol or a class: which declaration runs is known at run time only.
    private func isDispatched(_ usr: String) -> Bool {
        var end = usr.index(before: usr.endIndex)
        while end > usr.startIndex {
            if dispatched.contains(String(usr[..<end])) { return true }
            end = usr.index(before: end)
        }
        return false
    }

    /// The accessors of the property or subscript `usr` names: `…vp` an instance property, `…vpZ` a static one,
    /// `…ip` a subscript, whose accessors end `…vg`, `…vsZ`, `…ig`.
    private func accessors(of usr: String) -> [String] {
        for suffix in ["vp", "vpZ", "ip", "ipZ"] where usr.hasSuffix(suffix) {
            let tail = suffix.hasSuffix("Z") ? "Z" : ""
            let stem = usr.dropLast(suffix.count - 1)
            return ["g", "s", "M", "r", "w", "W", "x", "y"].map { stem + $0 + tail }.filter { bodies[$0] != nil }
        }
        return []
    }

    /// The declarations a reference to `usr` runs: its own code and its accessors, a type's initial values when it is
    /// an initializer, and every declaration of its name (with their accessors) when it is a protocol's or a class's
    /// member; and what of it is code the graph does not read.
    private func reached(by usr: String) -> (next: [String], unread: Unread?) {
        var next: [String] = []
        if bodies[usr] != nil { next.append(usr) }
        next += accessors(of: usr)
        if usr.hasSuffix("fc"), let type = type(of: usr) { next += members(of: type) }
        if let name = names[usr], !name.isEmpty, name != "init", isDispatched(usr) {
            for other in byName[name] ?? [] { next += (bodies[other] == nil ? [] : [other]) + accessors(of: other) }
        }
        guard next.isEmpty else { return (next, nil) }
        let module = SwiftUSR.module(of: usr, among: dependencyModules.union(modules))
        guard let module else { return ([], .module("a declaration whose USR names no module")) }
        if modules.contains(module) || Self.toolchainModules.contains(module) { return ([], nil) }
        return ([], dependencyModules.contains(module) ? .dependency : .module(module))
    }

    /// The initial values of `type`'s stored properties: code its initializers run.
    private func members(of type: String) -> [String] {
        guard let span = types[type] else { return [] }
        return (byFile[span.file] ?? []).filter {
            $0.kind == .value && $0.start > span.start && $0.end <= span.end && self.type(of: $0.usr) == type
        }.map(\.usr)
    }

    /// The footprint of the code reached from `roots`: every place in it, every place of the dependencies when it
    /// calls into one, and one unseen access per module it calls into that was not read.
    func footprint(from roots: [String], file: String, line: Int) -> [StateAccess] {
        let (found, modules) = walk.footprint(from: roots)
        let calls = modules.sorted().map { module in
            StateAccess(
                .unseen("its code calls into \(module), whose code the typed AST of the package does not hold"),
                reads: true, writes: true, file: file, line: line, column: 1)
        }
        return calls.isEmpty ? found : Footprints.merged(found + calls)
    }

    /// The footprint of the test declared in `file` at `line`: of its function, and of what runs around it
    /// (``roots(file:line:)``); unseen when the typed AST has no function there.
    func footprint(ofTestIn file: String, line: Int) -> [StateAccess] {
        let roots = roots(file: file, line: line)
        guard !roots.isEmpty else {
            return [
                StateAccess(
                    .unseen("the typed AST has no function at its line"), reads: true, writes: true, file: file,
                    line: line, column: 1)
            ]
        }
        return footprint(from: roots, file: file, line: line)
    }

    /// The USRs of the function declared in `file` at `line` (a test's: its attributes may come first) and of the
    /// code that runs around it: its type's initial values, initializers, `setUp`/`tearDown` and `deinit`, and the
    /// traits its attributes and those of the types around it name, with the scope each trait's type provides.
    func roots(file: String, line: Int) -> [String] {
        guard let bytes = texts[file] else { return [] }
        var lineStart = 0
        var current = 1
        var index = 0
        while current < line, index < bytes.count {
            if bytes[index] == 0x0A {
                current += 1
                lineStart = index + 1
            }
            index += 1
        }
        guard current == line,
            let test = (byFile[file] ?? []).filter({ $0.kind == .function && $0.start >= lineStart })
                .min(by: { $0.start < $1.start })
        else { return [] }
        var roots = [test.usr]
        var enclosing: [String] = []
        var prefix = type(of: test.usr)
        while let found = prefix {
            enclosing.append(found)
            prefix = type(of: String(found.dropLast()))
        }
        if let type = enclosing.first {
            roots += members(of: type)
            let around: Set<String> = ["init", "setUp", "setUpWithError", "tearDown", "tearDownWithError", "deinit"]
            // Each test's own: a class's `class func setUp()` runs once around all its tests, no test's code.
            roots += bodies.filter { usr, declared in
                usr.hasPrefix(type) && around.contains(names[usr] ?? "") && !declared.contains(where: \.typeLevel)
                    && self.type(of: usr) == type
            }.map(\.key).sorted()
        }
        // The traits: the attribute arguments before the test and before each type around it.
        var regions = [(file, lineStart, test.start)]
        for type in enclosing.compactMap({ types[$0] }) {
            let before =
                ((byFile[type.file] ?? []).map(\.end) + (typesByFile[type.file] ?? []).map(\.end))
                .filter { $0 < type.start }.max() ?? -1
            regions.append((type.file, before + 1, type.start))
        }
        var named: [String] = []
        for (path, from, to) in regions {
            for reference in loose[path] ?? [] where from <= reference.start && reference.start < to {
                named.append(reference.usr)
                roots += reached(by: reference.usr).next
            }
        }
        // What the testing library runs of each trait the attributes make (an initializer named there or in code they
        // reach: a static member's getter, `.loud` making `Loud()`): its type's `provideScope`, `prepare`. The
        // initializers each body names are followed besides its successors, which keep none without a body of its own.
        var seen: Set<String> = []
        var pending = named
        while let usr = pending.popLast() {
            guard seen.insert(usr).inserted else { continue }
            if usr.hasSuffix("fc"), let type = type(of: usr) { roots += scopes[type] ?? [] }
            let made = (references[usr] ?? []).filter { $0.hasSuffix("fc") }.sorted()
            pending += ((successors[usr] ?? []) + made).filter { !seen.contains($0) }
            if bodies[usr] == nil { pending += reached(by: usr).next.filter { !seen.contains($0) } }
        }
        return roots
    }

    /// What the testing library runs of a trait: Swift Testing's `TestScoping` and `Trait` requirements.
    private static let traitScopes: Set<String> = ["provideScope", "prepare", "scopeProvider"]
}
