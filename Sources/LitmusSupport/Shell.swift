import Foundation

/// Words for a command line a person pastes into a shell.
package enum Shell {
    /// `word` as the shell reads it back: as is when it holds only characters no shell treats
    /// specially, else in single quotes (a quote inside written `'\''`). A path with a space printed
    /// bare in a hint (`litmus clean /my package`) fails when pasted.
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "/._-+,:=@%".unicodeScalars.contains(scalar)
            }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
