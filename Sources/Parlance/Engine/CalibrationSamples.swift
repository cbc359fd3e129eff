import Foundation

/// Calibration samples as CSV (RFC 4180): one row per best hypothesis, with its features
/// (``ConfidenceFeatures/names``, in order), whether it was right (`correct`, 0 or 1), and
/// the test file and request it came from. `parlance calibrate --samples FILE` writes them;
/// `parlance calibrate --from-samples FILE` fits on them, so that requests parsed with
/// different apps (the project's corpus with the sample apps, the blind sets with all of
/// theirs) are fitted on together, and so that a fit can be studied outside Parlance.
public enum CalibrationSamples {
    /// The header row's fields.
    public static var header: [String] { ConfidenceFeatures.names + ["correct", "file", "utterance"] }

    /// One row: the sample's features, whether it was right, its file and request.
    public static func row(_ sample: ConfidenceCalibration.Sample, file: String, utterance: String) -> String {
        (sample.features.values.map { String($0) } + [sample.correct ? "1" : "0", field(file), field(utterance)]).joined(separator: ",")
    }

    /// `samples` as a CSV document (the header, then one row each).
    public static func document(_ rows: [String]) -> String {
        ([header.joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
    }

    /// The samples of a CSV document written by ``document(_:)``: its header must name this
    /// version's features in order (a file written before the features changed is refused,
    /// with what differs). `source` names the document in errors, which give its line.
    public static func read(_ text: String, source: String) throws(CalibrationError) -> [ConfidenceCalibration.Sample] {
        let records = try records(of: text, source: source)
        guard let (line, head) = records.first else {
            throw CalibrationError(file: source, message: "empty; expected a header (\(header.joined(separator: ","))) and one row per sample")
        }
        guard head == header else {
            throw CalibrationError(file: "\(source):\(line)", message: "the header names \(head.joined(separator: ",")); expected this version's: \(header.joined(separator: ","))")
        }
        let count = ConfidenceFeatures.names.count
        var samples: [ConfidenceCalibration.Sample] = []
        samples.reserveCapacity(records.count - 1)
        for (line, fields) in records.dropFirst() {
            guard fields.count == header.count else {
                throw CalibrationError(file: "\(source):\(line)", message: "\(fields.count) fields; expected \(header.count) (\(count) features, correct, file, utterance)")
            }
            var values: [Double] = []
            values.reserveCapacity(count)
            for (index, text) in fields.prefix(count).enumerated() {
                guard let value = Double(text), value.isFinite else {
                    throw CalibrationError(file: "\(source):\(line)", message: "'\(text.prefix(40))' for \(ConfidenceFeatures.names[index]); expected a finite number")
                }
                values.append(value)
            }
            guard fields[count] == "0" || fields[count] == "1" else {
                throw CalibrationError(file: "\(source):\(line)", message: "'\(fields[count].prefix(40))' for correct; expected 0 or 1")
            }
            samples.append(ConfidenceCalibration.Sample(features: ConfidenceFeatures(values: values), correct: fields[count] == "1"))
        }
        return samples
    }

    /// `text` as one CSV field: quoted, quotes doubled.
    static func field(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The records of a CSV document with the line each starts on: fields split at commas
    /// outside quotes, quoted fields unquoted (a doubled quote is one), records at line
    /// ends outside quotes (CRLF or LF). Blank lines are skipped.
    static func records(of text: String, source: String) throws(CalibrationError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false, wasQuoted = false
        var line = 1, start = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        func endRecord() {
            fields.append(String(field))
            if fields.count > 1 || !fields[0].isEmpty || wasQuoted { records.append((start, fields)) }
            fields = []
            field = String.UnicodeScalarView()
            wasQuoted = false
        }
        while let scalar = pending {
            pending = scalars.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = scalars.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw CalibrationError(file: "\(source):\(line)", message: "a quote inside an unquoted field; expected a field quoted from its start")
                }
                quoted = true
                wasQuoted = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
                wasQuoted = false
            case "\r" where pending == "\n":
                continue
            case "\n":
                endRecord()
                line += 1
                start = line
            default:
                guard !wasQuoted else {
                    throw CalibrationError(file: "\(source):\(line)", message: "text after a quoted field's closing quote; expected a comma or the end of the line")
                }
                field.append(scalar)
            }
        }
        if quoted { throw CalibrationError(file: "\(source):\(start)", message: "a quoted field that never closes; expected a closing quote") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
