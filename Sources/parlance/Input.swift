import ArgumentParser
import Foundation
import Parlance
import ParlanceText

/// Reading command-line input: TEXT, or standard input when TEXT is "-".
enum Input {
    /// The text argument, or all of standard input for "-". Bytes that are not UTF-8 are
    /// replaced by U+FFFD, with a warning on standard error.
    static func text(_ argument: String) -> String {
        guard argument == "-" else { return argument }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return decode(data, source: "standard input")
    }

    /// UTF-8 decoding with replacement characters and a warning naming the first bad byte.
    static func decode(_ data: Data, source: String) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        let text = String(decoding: data, as: UTF8.self)
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var position = 0
        scan: while true {
            let before = position
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): position += UTF8.width(scalar)
            case .error: offset = before; break scan
            case .emptyInput: break scan
            }
        }
        Diagnostics.warn("\(source) is not valid UTF-8 (first bad byte near offset \(offset)); invalid bytes were replaced with U+FFFD")
        return text
    }

    /// Checks that `engine` has a grammar for `--language` (a parse in a language with no
    /// grammar would find nothing, and say nothing of why).
    static func requireGrammar(_ language: String?, in engine: Engine) throws {
        guard let language, engine.grammarLanguage(for: language) == nil else { return }
        throw UsageError("no grammar for language '\(language)': the grammars are \(engine.languages.joined(separator: ", "))")
    }

    /// The reference moment given as `option` (`YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DD`, local
    /// time), or the system clock's when none is given.
    static func moment(_ text: String?, option: String = "--now") throws -> LocalDateTime {
        guard let text else { return .current() }
        guard let moment = LocalDateTime(iso: text) else {
            throw UsageError("\(option) '\(text)' is not a local date and time: expected YYYY-MM-DDTHH:MM:SS (or YYYY-MM-DD), a moment that exists")
        }
        return moment
    }

    /// Parses a language tag, exiting with status 2 and the reason when it is invalid.
    static func language(_ tag: String) throws -> Language {
        do {
            return try Language(tag)
        } catch {
            throw Diagnostics.fail(error.description)
        }
    }
}

/// A user error: the message names what was wrong and what was expected.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command body; any error becomes `error: …` on standard error and exit status 2.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        throw Diagnostics.fail("\(error)")
    }
}

enum Diagnostics {
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// Prints an app's or the engine's issue on standard error as it describes itself
    /// (`error: FILE (KEY): …` or `warning: …`): the issue names its own severity.
    static func report(_ issue: AppIssue) {
        FileHandle.standardError.write(Data("\(issue)\n".utf8))
    }

    /// Prints `error: message` on standard error; the returned error exits with status 2
    /// (bad input: a file, key or argument that is not what was expected).
    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(2)
    }
}
