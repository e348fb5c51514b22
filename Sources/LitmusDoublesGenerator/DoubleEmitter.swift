import SwiftSyntax

/// Writes the double's source: the class (or actor), its recorders, its initializer and one witness
/// per requirement.
struct DoubleEmitter {
    let name: String
    let analysis: ProtocolAnalysis
    let access: String

    private var prefix: String { access.isEmpty ? "" : access + " " }
    private var runtime: String { "LitmusDoubles" }
    /// Initializers of a global-actor double are `nonisolated`, so any test can make one; an actor's are already.
    private var initializerIsolation: String {
        !analysis.globalActorAttributes.isEmpty && !analysis.isActor ? "nonisolated " : ""
    }

    /// What the requirements' emitters wrote: the recorders of the instance and static members, each
    /// requirement's witness, and what the defaults of the protocol's extensions need.
    private struct Witnesses {
        var instance = RecorderSet()
        var statics = RecorderSet()
        var witnesses: [String] = []
        var hasEmptyInitializer = false
        var helperWitnesses: [String] = []
        var trampolines: [String] = []
        var answered: [(index: Int, recorder: String)] = []
    }

    func emit(diagnostics: inout [GeneratorDiagnostic]) -> String {
        let (instanceProperty, staticProperty) = RecordersProperty.forInstanceAndStatic(analysis.requirements)
        let forwarding = Forwarding.isPossible(for: analysis)
        let defaults = DefaultsPlan.make(for: analysis, doubleName: name)
        let emitted = witnesses(
            instanceProperty: instanceProperty, staticProperty: staticProperty, forwarding: forwarding,
            defaults: defaults, diagnostics: &diagnostics)
        if let problem = staticsProblem(emitted.statics) { diagnostics.append(problem) }
        var lines = classHeader(emitted, instanceProperty: instanceProperty, staticProperty: staticProperty)
        lines += initializers(
            instanceProperty, forwarding: forwarding, defaults: defaults,
            hasEmptyInitializer: emitted.hasEmptyInitializer)
        for witness in emitted.witnesses {
            lines.append("")
            lines.append(witness)
        }
        lines.append(contentsOf: identityWitnesses(isolated: isolated))
        lines.append("}")
        if let defaults {
            for (index, recorder) in emitted.answered {
                var others = emitted.helperWitnesses
                others.remove(at: index)
                lines += defaultsHelper(defaults, recorder: recorder, witnesses: others)
            }
            let protocolName = analysis.decl.name.text
            lines += [
                "",
                "/// Calls through `\(protocolName)` the members whose extension default answers `\(name)`'s unstubbed calls.",
                "extension \(protocolName) {",
                emitted.trampolines.joined(separator: "\n\n"),
                "}",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// Whether the double is isolated: an actor, or a protocol with a global actor.
    private var isolated: Bool { !analysis.globalActorAttributes.isEmpty || analysis.isActor }

    /// Each requirement's witness and recorders, under the `#if` of its declaration.
    private func witnesses(
        instanceProperty: RecordersProperty, staticProperty: RecordersProperty, forwarding: Bool,
        defaults: DefaultsPlan?, diagnostics: inout [GeneratorDiagnostic]
    ) -> Witnesses {
        var text = TypeText(
            selfType: name, associatedTypes: Set(analysis.associatedTypes.map(\.name)),
            closureAliases: analysis.closureAliases)
        text.madeValues = analysis.madeValues
        let names = MemberNaming.names(for: analysis.requirements, conditions: analysis.conditions)
        var result = Witnesses()
        for (index, (requirement, memberName)) in zip(analysis.requirements, names).enumerated() {
            var emitted = RequirementEmitter(
                requirement: requirement,
                memberName: memberName,
                recorders: requirement.isStatic ? staticProperty.name : instanceProperty.name,
                text: text,
                access: prefix,
                runtime: runtime,
                initializerIsolation: initializerIsolation,
                forwards: forwarding && !requirement.isStatic,
                defaults: defaults,
                answeredByDefault: defaults?.answered.contains(index) == true,
                ownAnswer: analysis.ownAnswers[requirement.syntax.id],
                staticRecorders: staticProperty.name
            ).emit(diagnostics: &diagnostics)
            if let condition = analysis.conditions[index] {
                for index in emitted.recorders.indices { emitted.recorders[index].condition = condition.text }
                emitted.witness = IfCondition.wrap([emitted.witness], in: condition.text).joined(separator: "\n")
                emitted.helperWitness = emitted.helperWitness.map {
                    IfCondition.wrap([$0], in: condition.text).joined(separator: "\n")
                }
            }
            if let helperWitness = emitted.helperWitness { result.helperWitnesses.append(helperWitness) }
            if let trampoline = emitted.trampoline {
                result.trampolines.append(trampoline)
                result.answered.append((result.helperWitnesses.count - 1, memberName))
            }
            if requirement.isStatic || analysis.ownAnswers[requirement.syntax.id] == .decoding {
                result.statics.add(emitted.recorders)
            } else {
                result.instance.add(emitted.recorders)
            }
            result.witnesses.append(emitted.witness)
            if case .initializer(let decl) = requirement, decl.signature.parameterClause.parameters.isEmpty {
                result.hasEmptyInitializer = true
            }
        }
        return result
    }

    /// The error of a generic double with static members, whose calls it cannot store; `nil` otherwise.
    private func staticsProblem(_ statics: RecorderSet) -> GeneratorDiagnostic? {
        guard !statics.isEmpty, !analysis.genericAssociatedTypes.isEmpty else { return nil }
        let signatures = statics.recorders.map(\.signature)
        let more = signatures.count > 4 ? " and \(signatures.count - 4) more" : ""
        let members = signatures.prefix(4).joined(separator: ", ") + more
        let generics = analysis.genericAssociatedTypes.map(\.name).joined(separator: ", ")
        let decoding =
            analysis.ownAnswers.values.contains(.decoding)
            ? "; Decodable's init(from:) is one, so that a test stubs it before decoding" : ""
        return GeneratorDiagnostic(
            .error,
            "\(analysis.decl.name.text) has static requirements (\(members)\(decoding)) and associated types "
                + "(\(generics)): "
                + "a generic double cannot store the static members' calls (Swift has no static stored "
                + "properties in generic types); bind the associated types in a where clause, or write this "
                + "double by hand",
            at: analysis.decl.name
        )
    }

    /// The double's declaration up to its initializers: its documentation, the associated types it binds,
    /// the recorders' types and properties, and the helpers' properties.
    private func classHeader(
        _ emitted: Witnesses, instanceProperty: RecordersProperty, staticProperty: RecordersProperty
    ) -> [String] {
        var lines: [String] = []
        lines.append(
            "/// A test double of `\(analysis.decl.name.text)`, generated by Litmus: a spy, a stub and a mock.")
        lines.append("///")
        lines.append(
            "/// Each member is recorded in `\(instanceProperty.name)`: its call count, its arguments, its stub and its "
                + "verification.")
        lines.append(
            header(typeName: name, kind: analysis.isActor ? "actor" : "final class", conformances: ", Sendable"))
        for associated in analysis.associatedTypes {
            guard let bound = associated.boundType else { continue }
            let note = associated.bindingNote ?? "which the protocol binds with `\(associated.name) == \(bound)`"
            lines.append("    /// `\(associated.name)`, \(note).")
            lines.append(
                "    \(prefix)typealias \(associated.name) = \(ProtocolAnalysis.substitute(["Self": name], in: bound))")
            lines.append("")
        }
        lines.append(contentsOf: membersStruct(named: "Members", emitted.instance, doc: "every instance member"))
        lines.append("")
        let nonisolated = isolated ? "nonisolated " : ""
        lines.append("    /// The calls, arguments and stubs of every instance member.")
        lines.append("    \(prefix)\(nonisolated)let \(instanceProperty.name): Members")
        lines.append(contentsOf: earlierName(of: instanceProperty, isStatic: false, nonisolated: nonisolated))
        if !emitted.statics.isEmpty {
            lines.append("")
            lines.append(contentsOf: membersStruct(named: "StaticMembers", emitted.statics, doc: "every static member"))
            lines.append(contentsOf: staticMock(staticProperty, nonisolated: nonisolated))
        }
        return lines
    }

    /// The helpers' properties (the extensions' defaults, the forwardee) and the initializers: a strict or
    /// relaxed double, and one forwarding to a real instance when the protocol allows it.
    private func initializers(
        _ instanceProperty: RecordersProperty, forwarding: Bool, defaults: DefaultsPlan?, hasEmptyInitializer: Bool
    ) -> [String] {
        var lines: [String] = []
        let nonisolated = isolated ? "nonisolated " : ""
        if let defaults, defaults.isClass {
            lines.append("")
            lines.append(
                "    /// The helpers reaching the defaults of the protocol's extensions, each made at the first unstubbed call."
            )
            lines.append("    private \(nonisolated)let litmusDefaults = \(runtime).DefaultsHelpers()")
        }
        if forwarding {
            lines.append("")
            lines.append(
                "    /// The real instance unstubbed calls go to, for a double made with `init(forwardingTo:)`.")
            lines.append(
                "    private \(nonisolated)let \(Forwarding.property): \(runtime).Forwardee<any \(analysis.decl.name.text)>?"
            )
        }
        lines.append("")
        lines.append(
            "    /// A double whose unstubbed calls fail the test (`.strict`) or return defaults (`.relaxed`).")
        lines.append("    /// Failures inside the code under test are reported at the line that made the double.")
        lines.append("    \(prefix)\(initializerIsolation)init(")
        lines.append("        mode: \(runtime).DoubleMode\(hasEmptyInitializer ? "" : " = .relaxed"),")
        lines += initializerBody(instanceProperty, forwardee: forwarding ? "nil" : nil)
        if forwarding {
            lines.append("")
            lines.append(
                "    /// A double that records every call and passes each one the test did not stub (with a stub or a")
            lines.append(
                "    /// matching `given`) to `real`, so a test stubs only the members it is about; static members are")
            lines.append("    /// not forwarded.")
            lines.append("    \(prefix)\(initializerIsolation)init(")
            lines.append("        forwardingTo real: any \(analysis.decl.name.text),")
            lines.append("        mode: \(runtime).DoubleMode = .relaxed,")
            lines += initializerBody(instanceProperty, forwardee: "\(runtime).Forwardee(real)")
        }
        return lines
    }

    /// The rest of an initializer after its `mode` parameter: the source location, the recorders and,
    /// for a double that can forward, the real instance (`nil` or `Forwardee(real)`).
    private func initializerBody(_ property: RecordersProperty, forwardee: String?) -> [String] {
        var lines = [
            "        fileID: StaticString = #fileID,",
            "        filePath: StaticString = #filePath,",
            "        line: UInt = #line,",
            "        column: UInt = #column",
            "    ) {",
            "        self.\(property.name) = Members(",
            "            \(runtime).DoubleContext(",
            "                typeName: \"\(name)\",",
            "                mode: mode,",
            "                fileID: fileID,",
            "                filePath: filePath,",
            "                line: line,",
            "                column: column",
            "            )",
            "        )",
        ]
        if let forwardee { lines.append("        self.\(Forwarding.property) = \(forwardee)") }
        lines.append("    }")
        return lines
    }

    /// The deprecated `mock`, forwarding to `property`'s storage, so code written before the rename
    /// still builds (with a warning) and reaches the same recorders; nothing when a requirement took `mock`.
    private func earlierName(of property: RecordersProperty, isStatic: Bool, nonisolated: String) -> [String] {
        guard let earlier = property.earlierName else { return [] }
        let declaration = isStatic ? "static var \(earlier): StaticMembers" : "var \(earlier): Members"
        return [
            "",
            "    @available(*, deprecated, renamed: \"\(property.name)\")",
            "    \(prefix)\(nonisolated)\(declaration) { \(isStatic ? "Self" : "self").\(property.name) }",
        ]
    }

    /// `Type.double` for the static members: the shared recorders, or those a test scoped with
    /// `withStaticMock(mode:_:)` (see LitmusDoubles' `StaticMocks`), in a sync and an async form.
    private func staticMock(_ property: RecordersProperty, nonisolated: String) -> [String] {
        let context = { (mode: String, location: Bool) -> String in
            let at = location ? ", fileID: fileID, filePath: filePath, line: line, column: column" : ""
            return "StaticMembers(\(runtime).DoubleContext(typeName: \"\(name)\", mode: \(mode)\(at)))"
        }
        let parameters = [
            "        mode: \(runtime).DoubleMode = .relaxed,",
            "        fileID: StaticString = #fileID,",
            "        filePath: StaticString = #filePath,",
            "        line: UInt = #line,",
            "        column: UInt = #column,",
        ]
        return [
            "    /// The calls, arguments and stubs of every static member: shared by every test, unless the test runs",
            "    /// inside `withStaticMock(mode:_:)`, which gives it, and the tasks it starts, recorders of their own.",
            "    \(prefix)\(nonisolated)static var \(property.name): StaticMembers { \(runtime).StaticMocks.current(sharedStaticMock) }",
            "    private \(nonisolated)static let sharedStaticMock = \(context(".relaxed", false))",
        ] + earlierName(of: property, isStatic: true, nonisolated: nonisolated) + [
            "",
            "    /// Runs `body` with static members' recorders of its own, whose unstubbed calls fail the test",
            "    /// (`.strict`) or return defaults (`.relaxed`), so tests running in parallel do not share them.",
            "    \(prefix)\(nonisolated)static func withStaticMock<Value>(",
        ] + parameters + [
            "        _ body: () throws -> Value",
            "    ) rethrows -> Value {",
            "        try \(runtime).StaticMocks.with(\(context("mode", true)), body)",
            "    }",
            "",
            "    /// Runs the `async` `body` with static members' recorders of its own (see the synchronous form).",
            "    \(prefix)nonisolated(nonsending) static func withStaticMock<Value>(",
        ] + parameters + [
            "        _ body: nonisolated(nonsending) () async throws -> Value",
            "    ) async rethrows -> Value {",
            "        try await \(runtime).StaticMocks.with(\(context("mode", true)), body)",
            "    }",
        ]
    }

    /// `==` and `hash(into:)` by identity, for protocols inheriting `Equatable` or `Hashable`.
    private func identityWitnesses(isolated: Bool) -> [String] {
        guard !analysis.identityConformances.isEmpty else { return [] }
        let nonisolated = isolated ? "nonisolated " : ""
        var lines = [
            "",
            "    /// Two doubles are equal when they are the same object.",
            "    \(prefix)\(nonisolated)static func == (lhs: \(name), rhs: \(name)) -> Bool {",
            "        lhs === rhs",
            "    }",
        ]
        if analysis.identityConformances.contains("Hashable") {
            lines += [
                "",
                "    /// Hashes the double's identity.",
                "    \(prefix)\(nonisolated)func hash(into hasher: inout Hasher) {",
                "        hasher.combine(ObjectIdentifier(self))",
                "    }",
            ]
        }
        return lines
    }

    /// The declaration's first line: `final class NameMock<Element>: Name, Sendable where … {`.
    func header(typeName: String, kind: String, conformances: String) -> String {
        let generics = analysis.genericAssociatedTypes.map { associated -> String in
            associated.constraints.isEmpty
                ? associated.name : associated.name + ": " + associated.constraints.joined(separator: " & ")
        }
        let whereClauses = analysis.whereRequirements + analysis.genericAssociatedTypes.flatMap(\.whereRequirements)
        let genericClause = generics.isEmpty ? "" : "<" + generics.joined(separator: ", ") + ">"
        let whereClause = whereClauses.isEmpty ? "" : " where " + whereClauses.joined(separator: ", ")
        let attributes = analysis.globalActorAttributes.map { $0 + " " }.joined()
        let protocolName = analysis.decl.name.text
        if analysis.isActor {
            return "\(attributes)\(prefix)actor \(typeName)\(genericClause): \(protocolName)\(whereClause) {"
        }
        let access = kind.hasPrefix("fileprivate") ? "" : prefix
        return
            "\(attributes)\(access)\(kind) \(typeName)\(genericClause): \(protocolName)\(conformances)\(whereClause) {"
    }

    private func membersStruct(named structName: String, _ recorders: RecorderSet, doc: String) -> [String] {
        var lines: [String] = []
        lines.append("    /// The recorder of \(doc): a `Member` per method, getter, subscript and initializer.")
        lines.append("    \(prefix)struct \(structName): Sendable {")
        for recorder in recorders.recorders {
            lines += recorder.conditional(["        \(prefix)let \(recorder.name): \(recorder.type)"])
        }
        if !recorders.isEmpty { lines.append("") }
        for recorder in recorders.recorders where !recorder.matcher.isEmpty {
            lines += recorder.conditional(recorder.matcher)
            lines.append("")
        }
        lines.append("        init(_ litmusContext: \(runtime).DoubleContext) {")
        for recorder in recorders.recorders {
            // The runtime names the recorder after the member; one named otherwise says so.
            let base = recorder.signature.prefix { $0 != "(" && $0 != " " }
            let named = recorder.name == base || recorder.isAlwaysAllowed ? "" : ", recorder: \"\(recorder.name)\""
            let fallback = recorder.fallback.map { ", fallback: { \($0) }" } ?? ""
            lines += recorder.conditional([
                "            self.\(recorder.name) = .init(\"\(recorder.signature)\", of: litmusContext\(named)\(fallback))"
            ])
        }
        for recorder in recorders.recorders where recorder.isAlwaysAllowed {
            lines += recorder.conditional(["            self.\(recorder.name).stub()"])
        }
        lines.append("        }")
        lines.append("    }")
        return lines
    }
}
