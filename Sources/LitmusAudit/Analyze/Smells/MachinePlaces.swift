import SwiftSyntax

/// The machine's own places a test works on (a Mystery Guest; Resource Optimism too when the test does not
/// check they are there): a folder of the user's that FileManager or URL finds (`.cachesDirectory`,
/// `URL.documentsDirectory`, `homeDirectoryForCurrentUser`, `NSHomeDirectory()`), a file URL into the system's,
/// the users' or the volumes' folders (`URL(fileURLWithPath: "/System/Library/Frameworks/…")`, `"/Volumes/\(name)"`),
/// and a fixed absolute path a FileManager writes to (`fileManager.zipItem(at: folder, to: URL(fileURLWithPath:
/// "/test.zip"))`, which expects the root folder to be read-only): what is there, and what may be written,
/// differ from one machine to the next. A temporary folder (`/tmp`, `NSTemporaryDirectory()`,
/// `.itemReplacementDirectory`) and the system's devices are the test's own to use.
enum MachinePlaces {
    /// FileManager's search-path folders, and URL's and FileManager's names for the user's folders.
    static let userFolders: Set<String> = [
        "cachesDirectory", "libraryDirectory", "documentDirectory", "documentsDirectory", "applicationSupportDirectory",
        "desktopDirectory", "downloadsDirectory", "userDirectory", "applicationDirectory", "picturesDirectory",
        "moviesDirectory", "musicDirectory", "sharedPublicDirectory", "developerDirectory", "homeDirectory",
        "homeDirectoryForCurrentUser",
    ]
    /// Folders whose content is the machine's: its system, its users, its volumes, what was installed on it.
    static let machineRoots = [
        "/System/", "/Library/", "/Applications/", "/Volumes/", "/Users/", "/home/", "/usr/local/", "/opt/",
    ]
    /// Absolute paths that are the same on every machine a test runs on, or the test's own to use.
    static let sharedRoots = ["/tmp", "/private/tmp", "/var/tmp", "/dev/"]

    /// The first place of the machine `test` works on, what the finding says of it, and whether it may be
    /// missing: a fixed path into the system's or the users' folders may; the user's own folders are always
    /// there, and a path the test names itself (`"/Volumes/\(name)"`) or writes is one it makes.
    static func place(_ test: ScannedTest) -> (node: Syntax, message: String, mayBeMissing: Bool)? {
        for member in test.all(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard userFolders.contains(name), isFolderOwner(member.base, name: name) else { continue }
            return (
                Syntax(member), "works in the machine's own folder (`\(member.quoted(50))`)", false
            )
        }
        for call in test.all(FunctionCallExprSyntax.self) {
            let name = CallCollector.calledName(call.calledExpression) ?? ""
            if name == "NSHomeDirectory" {
                return (Syntax(call), "works in the user's home folder (NSHomeDirectory())", false)
            }
            if name == "URL", let path = fileURLPath(call), machineRoots.contains(where: path.hasPrefix),
                isHandedToCall(call, test: test)
            {
                let named = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.segments.count != 1
                return (Syntax(call), "works on the machine's \(path.prefix(60))", !named)
            }
            if isFileManagerCall(call),
                let path = call.arguments.lazy.filter({ isDestination($0, of: name) }).compactMap({
                    absolutePath($0.expression, in: test)
                }).first
            {
                return (
                    Syntax(call),
                    "has FileManager's \(name) write to the fixed path \(path.prefix(60)), whatever this machine allows there",
                    false
                )
            }
        }
        return nil
    }

    /// Whether the file URL `url` is given to a call, itself or by the name the test binds it to
    /// (`fileManager.zipItem(at: testBundleURL, to: …)`): a URL only taken apart (`URL(fileURLWithPath:
    /// "/Users/a/b.txt").pathExtension`) touches nothing of the machine.
    private static func isHandedToCall(_ url: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        let isArgument = { (node: Syntax) in node.parent?.is(LabeledExprSyntax.self) == true }
        if isArgument(Syntax(url)) { return true }
        guard let binding = url.parent?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        return test.all(DeclReferenceExprSyntax.self).contains { $0.baseName.text == name && isArgument(Syntax($0)) }
    }

    /// Whether `.name` is FileManager's or URL's: written with no base (`.cachesDirectory`, the argument of
    /// `urls(for:in:)`), on `URL`, on a search-path type, or on a file manager.
    private static func isFolderOwner(_ base: ExprSyntax?, name: String) -> Bool {
        guard let base = base?.trimmedDescription else { return true }
        return base == "URL" || base.hasSuffix("SearchPathDirectory") || base.lowercased().hasSuffix("filemanager")
            || base.hasSuffix("FileManager.default") || name == "homeDirectoryForCurrentUser"
    }

    /// The path of `URL(fileURLWithPath: "…")` or `URL(filePath: "…")`: its literal text up to the first
    /// interpolation (`"/Volumes/\(name)"` is under `/Volumes/`).
    private static func fileURLPath(_ call: FunctionCallExprSyntax) -> String? {
        guard let argument = call.arguments.first,
            ["fileURLWithPath", "filePath"].contains(argument.label?.text ?? ""),
            let literal = argument.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
    }

    /// Whether `argument` names where a FileManager's `name` writes: the destination of a copy, a move, a link
    /// or an archive (`to:`, `toPath:`), or what `createFile` and `createDirectory` make. A path it only reads
    /// or removes is one the test may have chosen not to exist (`URL(fileURLWithPath: "/nonexistant")`, to
    /// test the error).
    private static func isDestination(_ argument: LabeledExprSyntax, of name: String) -> Bool {
        let label = argument.label?.text ?? ""
        return ["to", "toPath"].contains(label)
            || (["createFile", "createDirectory"].contains(name) && ["at", "atPath"].contains(label))
    }

    /// A call on a file manager (`FileManager.default.removeItem(at:)`, `fileManager.zipItem(at:to:)`).
    private static func isFileManagerCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else {
            return false
        }
        return base.lowercased().hasSuffix("filemanager") || base.hasSuffix("FileManager.default")
            || base == "FileManager()"
    }

    /// The fixed absolute path `expression` names: a literal, a file URL of one, or a name the test binds
    /// once to either; not a temporary folder's or a device's.
    private static func absolutePath(_ expression: ExprSyntax, in test: ScannedTest) -> String? {
        var value = expression
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            guard let bound = test.onlyLetValue(of: name) else { return nil }
            value = bound
        }
        let path: String?
        if let call = value.as(FunctionCallExprSyntax.self), CallCollector.calledName(call.calledExpression) == "URL" {
            path = fileURLPath(call)
        } else {
            path = value.as(StringLiteralExprSyntax.self)?.segments.first?.as(StringSegmentSyntax.self)?.content.text
        }
        guard let path, path.hasPrefix("/"), !sharedRoots.contains(where: path.hasPrefix) else { return nil }
        return path
    }
}
