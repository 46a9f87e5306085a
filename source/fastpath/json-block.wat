;; Print mode's kernel for tool outputs (fastpath/json-block.ts loads it; scripts/build-wasm.mjs
;; turns this text into fastpath/json-block-wasm.ts). It reads a JSON string's text as written
;; in a trace line and writes it unescaped, in UTF-8, with the two-space indent after each
;; newline: what PlainRenderer prints for that output, byte for byte. A tab becomes spaces to
;; the next multiple of eight columns of its line, as the sanitizer expands it, while each
;; character so far on the line has a width $columns knows (ASCII, and the common ranges beyond
;; it: accented letters, Greek, Cyrillic, typographic quotes and dashes, arrows, box drawing,
;; check marks, CJK, kana, Hangul); a tab after any other (whose width only string-width
;; knows), text the sanitizer would change otherwise (controls, carriage returns,
;; DEL, C1 and bidi controls), broken UTF-8 and lone surrogates make it return -1, and the
;; output goes the usual way. Two controls it takes as the sanitizer does: carriage returns
;; (right before a newline or the end, CRLF line ends: dropped; else, on an ASCII line, the
;; cursor back to the line's start, later text written over what was there, as a progress
;; line is drawn again), and, when colours are not kept ($strip), CSI sequences that neither
;; erase nor move the cursor (SGR colours above all: dropped).
;;
;; WebAssembly because this is most of a trace's bytes: the same work in JavaScript is five
;; passes (decode, parse, scan, indent, encode) at about 3.5 ns a byte; this is one, sixteen
;; bytes at a time while they are plain ASCII, at about 0.3.
(module
  (memory (export "memory") 1)
  ;; What the last render found: how many lines, whether a final newline was left off, and
  ;; the length of the JSON text read (up to the closing quote).
  (global $lines (export "lines") (mut i32) (i32.const 0))
  (global $trimmed (export "trimmed") (mut i32) (i32.const 0))
  (global $read (export "read") (mut i32) (i32.const 0))
  ;; Where the output was when a colour or a carriage return was last dropped (-1: never).
  (global $dropped (export "dropped") (mut i32) (i32.const -1))
  ;; The text's length in UTF-16 code units, as JavaScript would decode it (a thinking's
  ;; headline says it): the bytes read less what escapes and characters beyond ASCII take
  ;; beyond one unit ($less, counted on the slow paths alone; $crLess from $skipCR).
  (global $units (export "units") (mut i32) (i32.const 0))
  (global $crLess (mut i32) (i32.const 0))

  (func $hex (param $c i32) (result i32)
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10))
      (then (return (i32.sub (local.get $c) (i32.const 0x30)))))
    (local.set $c (i32.or (local.get $c) (i32.const 0x20)))
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0x61)) (i32.const 6))
      (then (return (i32.sub (local.get $c) (i32.const 0x57)))))
    (i32.const -1))

  ;; The four hex digits at $p as a number, or -1.
  (func $hex4 (param $p i32) (result i32)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32)
    (local.set $a (call $hex (i32.load8_u (local.get $p))))
    (local.set $b (call $hex (i32.load8_u offset=1 (local.get $p))))
    (local.set $c (call $hex (i32.load8_u offset=2 (local.get $p))))
    (local.set $d (call $hex (i32.load8_u offset=3 (local.get $p))))
    (if (i32.lt_s (i32.or (i32.or (local.get $a) (local.get $b)) (i32.or (local.get $c) (local.get $d))) (i32.const 0))
      (then (return (i32.const -1))))
    (i32.or
      (i32.or (i32.shl (local.get $a) (i32.const 12)) (i32.shl (local.get $b) (i32.const 8)))
      (i32.or (i32.shl (local.get $c) (i32.const 4)) (local.get $d))))

  ;; The hot paths below test continuation bytes (10xxxxxx), trouble in characters beyond
  ;; ASCII and tabs written out, not by a call: in Node 20 a call into a small function costs
  ;; more than the test it makes (about 20 instructions a tab; 2.4 % of print mode's
  ;; instructions on the real-shaped trace, with the three together).

  ;; Whether the sanitizer would change code point $cp (C0 but LF, DEL, C1, bidi controls).
  (func $troubled (param $cp i32) (result i32)
    (if (i32.lt_u (local.get $cp) (i32.const 0x20)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x7f)) (i32.const 0x21)) (then (return (i32.const 1))))
    (if (i32.eq (local.get $cp) (i32.const 0x061c)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x200e)) (i32.const 2)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x202a)) (i32.const 5)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2066)) (i32.const 4)) (then (return (i32.const 1))))
    (i32.const 0))

  ;; The columns code point $cp (0x80 up, a grapheme of its own) takes, as string-width measures
  ;; it, where that is sure: 1 or 2; 0 for any other (a tab after it goes the usual way).
  ;; test/fastpath/kernel-widths.test.ts checks every code point of the BMP against the usual
  ;; way. Outside these ranges are the marks, joiners, selectors and emoji whose width depends
  ;; on what comes with them.
  (func $columns (param $cp i32) (result i32)
    (if (i32.lt_u (local.get $cp) (i32.const 0x0300))
      (then (return (select (i32.const 0) (i32.const 1)
        (i32.or (i32.lt_u (local.get $cp) (i32.const 0xa0)) (i32.eq (local.get $cp) (i32.const 0xad)))))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x0391)) (i32.const 0x39)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x0400)) (i32.const 0x83)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x048a)) (i32.const 0x76)) (then (return (i32.const 1))))
    (if (i32.lt_u (local.get $cp) (i32.const 0x2010)) (then (return (i32.const 0))))
    (if (i32.lt_u (local.get $cp) (i32.const 0x2028)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2030)) (i32.const 0x0f)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2190)) (i32.const 0x70)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2500)) (i32.const 0xfd)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2713)) (i32.const 6)) (then (return (i32.const 1))))
    (if (i32.eq (local.get $cp) (i32.const 0x26a0)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2798)) (i32.const 0x18)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x27b1)) (i32.const 0x0e)) (then (return (i32.const 1))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x27f0)) (i32.const 0x10)) (then (return (i32.const 1))))
    (if (i32.eq (local.get $cp) (i32.const 0x2705)) (then (return (i32.const 2))))
    (if (i32.eq (local.get $cp) (i32.const 0x274c)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x3001)) (i32.const 0x29)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x3041)) (i32.const 0x56)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x30a1)) (i32.const 0x5a)) (then (return (i32.const 2))))
    (if (i32.eq (local.get $cp) (i32.const 0x30fc)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x4e00)) (i32.const 0x5200)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0xac00)) (i32.const 0x2ba4)) (then (return (i32.const 2))))
    (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0xff01)) (i32.const 0x60)) (then (return (i32.const 2))))
    (i32.const 0))

  ;; The origin of a line ($origin: where its column 0 would be were every character a byte)
  ;; moved on past the characters written from $p to $end (UTF-8 the kernel has checked): each
  ;; takes its bytes less its columns. -1 when one has a width $columns does not know.
  (func $settle (param $p i32) (param $end i32) (param $origin i32) (result i32)
    (local $b i32) (local $w i32)
    (block $unknown
      (loop $more
        (if (i32.lt_u (local.get $p) (local.get $end))
          (then
            (local.set $b (i32.load8_u (local.get $p)))
            (if (i32.lt_u (local.get $b) (i32.const 0x80))
              (then
                (local.set $p (i32.add (local.get $p) (i32.const 1)))
                (br $more)))
            (br_if $unknown (i32.ge_u (local.get $b) (i32.const 0xf0)))
            (if (i32.lt_u (local.get $b) (i32.const 0xe0))
              (then
                (local.set $w (call $columns (i32.or
                  (i32.shl (i32.and (local.get $b) (i32.const 0x1f)) (i32.const 6))
                  (i32.and (i32.load8_u offset=1 (local.get $p)) (i32.const 0x3f)))))
                (br_if $unknown (i32.eqz (local.get $w)))
                (local.set $origin (i32.add (local.get $origin) (i32.sub (i32.const 2) (local.get $w))))
                (local.set $p (i32.add (local.get $p) (i32.const 2)))
                (br $more)))
            (local.set $w (call $columns (i32.or
              (i32.or (i32.shl (i32.and (local.get $b) (i32.const 0x0f)) (i32.const 12))
                      (i32.shl (i32.and (i32.load8_u offset=1 (local.get $p)) (i32.const 0x3f)) (i32.const 6)))
              (i32.and (i32.load8_u offset=2 (local.get $p)) (i32.const 0x3f)))))
            (br_if $unknown (i32.eqz (local.get $w)))
            (local.set $origin (i32.add (local.get $origin) (i32.sub (i32.const 3) (local.get $w))))
            (local.set $p (i32.add (local.get $p) (i32.const 3)))
            (br $more))))
      (return (local.get $origin)))
    (i32.const -1))

  ;; A tab written at $o, on a line whose text starts at $line: eight spaces stored, and where
  ;; the output goes on, past as many as reach the next multiple of eight columns ($line: where
  ;; column 0 would be were every character a byte). -1 when a character of a width $columns
  ;; does not know came before it on the line ($wide), or when what is left of the
  ;; input ($left bytes) might no longer fit before $limit: every other escape writes at most
  ;; 1.5 bytes a byte read, and the fast loop stores sixteen bytes at a time.
  (func $tab (param $o i32) (param $line i32) (param $wide i32) (param $left i32) (param $limit i32) (param $hwm i32) (result i32)
    (local $next i32)
    (if (local.get $wide) (then (return (i32.const -1))))
    (local.set $next (i32.add (local.get $o)
      (i32.sub (i32.const 8) (i32.and (i32.sub (local.get $o) (local.get $line)) (i32.const 7)))))
    (if (i32.gt_u
          (i32.add (i32.add (local.get $next) (i32.shr_u (i32.add (i32.mul (local.get $left) (i32.const 3)) (i32.const 1)) (i32.const 1))) (i32.const 16))
          (local.get $limit))
      (then (return (i32.const -1))))
    ;; After a carriage return, the cells it passes keep what was drawn there (up to $hwm).
    (if (i32.lt_u (local.get $hwm) (local.get $next))
      (then (i64.store (select (local.get $hwm) (local.get $o) (i32.gt_u (local.get $hwm) (local.get $o))) (i64.const 0x2020202020202020))))
    (local.get $next))

  ;; Past the carriage returns (`\r` or `\u000d` escapes) from $p on; $crLess: the bytes
  ;; skipped beyond one a carriage return.
  (func $skipCR (param $p i32) (param $end i32) (result i32)
    (local $less i32)
    (loop $more
      (if (i32.le_u (i32.add (local.get $p) (i32.const 2)) (local.get $end))
        (then
          (if (i32.eq (i32.load16_u (local.get $p)) (i32.const 0x725c))
            (then
              (local.set $p (i32.add (local.get $p) (i32.const 2)))
              (local.set $less (i32.add (local.get $less) (i32.const 1)))
              (br $more)))))
      (if (i32.le_u (i32.add (local.get $p) (i32.const 6)) (local.get $end))
        (then
          (if (i32.and
                (i32.eq (i32.load16_u (local.get $p)) (i32.const 0x755c))
                (i32.eq (call $hex4 (i32.add (local.get $p) (i32.const 2))) (i32.const 0x0d)))
            (then
              (local.set $p (i32.add (local.get $p) (i32.const 6)))
              (local.set $less (i32.add (local.get $less) (i32.const 5)))
              (br $more))))))
    (global.set $crLess (local.get $less))
    (local.get $p))

  ;; Whether a newline (`\n`) or the closing quote is at $p: carriage returns before it are dropped.
  (func $atLineEnd (param $p i32) (param $end i32) (result i32)
    (if (i32.lt_u (local.get $p) (local.get $end))
      (then (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x22)) (then (return (i32.const 1))))))
    (if (i32.le_u (i32.add (local.get $p) (i32.const 2)) (local.get $end))
      (then (if (i32.eq (i32.load16_u (local.get $p)) (i32.const 0x6e5c)) (then (return (i32.const 1))))))
    (i32.const 0))

  ;; Past a CSI sequence whose ESC came just before $p (`[`, parameter and intermediate
  ;; bytes, a final byte), when the sanitizer drops it without colours: anything but erasing
  ;; (K) or moving the cursor (G, D, C) with plain parameters. Else -1 (the usual way).
  (func $csi (param $p i32) (param $end i32) (result i32)
    (local $b i32) (local $plain i32)
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
    (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x5b)) (then (return (i32.const -1))))
    (local.set $p (i32.add (local.get $p) (i32.const 1)))
    (local.set $plain (i32.const 1))
    (block $params
      (loop $param
        (br_if $params (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $b (i32.load8_u (local.get $p)))
        (br_if $params (i32.ge_u (i32.sub (local.get $b) (i32.const 0x20)) (i32.const 0x20)))
        ;; A quote is written escaped: the string's end, or an escape, is not a parameter.
        (if (i32.eq (local.get $b) (i32.const 0x22)) (then (return (i32.const -1))))
        (if (i32.eqz (i32.or (i32.lt_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 10))
                             (i32.or (i32.eq (local.get $b) (i32.const 0x3b)) (i32.eq (local.get $b) (i32.const 0x3a)))))
          (then (local.set $plain (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $param)))
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
    ;; A final byte, written as it is (a backslash would be an escape: the usual way).
    (if (i32.ge_u (i32.sub (local.get $b) (i32.const 0x40)) (i32.const 0x3f)) (then (return (i32.const -1))))
    (if (i32.eq (local.get $b) (i32.const 0x5c)) (then (return (i32.const -1))))
    (if (i32.and (local.get $plain)
          (i32.or (i32.or (i32.eq (local.get $b) (i32.const 0x4b)) (i32.eq (local.get $b) (i32.const 0x47)))
                  (i32.or (i32.eq (local.get $b) (i32.const 0x44)) (i32.eq (local.get $b) (i32.const 0x43)))))
      (then (return (i32.const -1))))
    (i32.add (local.get $p) (i32.const 1)))

  ;; Unescapes and indents the JSON string text that starts at $in (after its opening quote)
  ;; and ends at its closing quote, before $in + $len, to $out (room up to $limit, at least
  ;; 1.5 times $len and 32 bytes). With $strip, colours are not kept. Returns where the output
  ;; ends, or -1 when the text needs the usual way.
  (func (export "render") (param $in i32) (param $len i32) (param $out i32) (param $limit i32) (param $strip i32) (result i32)
    (local $i i32) (local $end i32) (local $o i32) (local $b i32) (local $c i32)
    (local $n i32) (local $nl i32) (local $cp i32) (local $lo i32) (local $v v128) (local $m i32)
    (local $line i32) (local $wide i32) (local $rawnl i32)
    ;; Where column 0 would be were each character on the line a byte: $line moved on by each
    ;; character's bytes beyond its columns (a tab counts its columns from here).
    (local $origin i32)
    ;; Characters beyond ASCII are written as they come ($wide says one was); their columns are
    ;; counted only when a tab needs them ($settle, from $known on), so text without tabs pays nothing.
    (local $known i32)
    ;; A carriage return redrew this line: how far it reaches ($hwm), and that it is now cells.
    (local $hwm i32) (local $cells i32)
    ;; Where a tab's spaces end.
    (local $tabEnd i32)
    ;; Bytes read beyond one a UTF-16 unit (see $units).
    (local $less i32)
    (global.set $dropped (i32.const -1))
    (local.set $i (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $o (local.get $out))
    (local.set $line (local.get $out))
    (local.set $origin (local.get $out))
    (local.set $known (local.get $out))
    (local.set $hwm (local.get $out))
    (local.set $n (i32.const 1))
    (local.set $nl (i32.const -1))
    (block $fail
      (block $done
        (loop $next
         (block $cr
          ;; Sixteen bytes at a time while they are printable ASCII but the backslash: the
          ;; block is stored whole and the output advances past its clean start.
          (block $special
            ;; Not over a redrawn line's old text: sixteen bytes are stored, not all of them kept.
            (br_if $special (i32.lt_u (local.get $o) (local.get $hwm)))
            (loop $fast
              (br_if $special (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
              (local.set $v (v128.load (local.get $i)))
              (v128.store (local.get $o) (local.get $v))
              (local.set $m (i8x16.bitmask (v128.or
                (v128.or
                  (i8x16.lt_u (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20))
                  (i8x16.gt_u (local.get $v) (v128.const i8x16 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e)))
                (v128.or
                  (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c))
                  (i8x16.eq (local.get $v) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))))))
              (if (i32.eqz (local.get $m))
                (then
                  (local.set $i (i32.add (local.get $i) (i32.const 16)))
                  (local.set $o (i32.add (local.get $o) (i32.const 16)))
                  (br $fast)))
              (local.set $m (i32.ctz (local.get $m)))
              (local.set $i (i32.add (local.get $i) (local.get $m)))
              (local.set $o (i32.add (local.get $o) (local.get $m)))))
          ;; The text must end with its closing quote before the input does.
          (br_if $fail (i32.ge_u (local.get $i) (local.get $end)))
          (local.set $b (i32.load8_u (local.get $i)))
          (br_if $done (i32.eq (local.get $b) (i32.const 0x22)))
          ;; Printable ASCII but the backslash: as it is.
          (if (i32.and
                (i32.lt_u (i32.sub (local.get $b) (i32.const 0x20)) (i32.const 0x5f))
                (i32.ne (local.get $b) (i32.const 0x5c)))
            (then
              (i32.store8 (local.get $o) (local.get $b))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $next)))
          (if (i32.eq (local.get $b) (i32.const 0x5c))
            (then
              (br_if $fail (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
              (local.set $c (i32.load8_u offset=1 (local.get $i)))
              (if (i32.eq (local.get $c) (i32.const 0x6e))
                (then
                  (if (i32.lt_u (local.get $o) (local.get $hwm)) (then (local.set $o (local.get $hwm))))
                  (i32.store8 (local.get $o) (i32.const 0x0a))
                  (i32.store16 offset=1 (local.get $o) (i32.const 0x2020))
                  (local.set $o (i32.add (local.get $o) (i32.const 3)))
                  (local.set $nl (local.get $o))
                  (local.set $line (local.get $o))
                  (local.set $origin (local.get $o))
                  (local.set $known (local.get $o))
                  (local.set $hwm (local.get $o))
                  (local.set $cells (i32.const 0))
                  (local.set $wide (i32.const 0))
                  (local.set $n (i32.add (local.get $n) (i32.const 1)))
                  (local.set $i (i32.add (local.get $i) (i32.const 2)))
                  (local.set $rawnl (local.get $i))
                  (local.set $less (i32.add (local.get $less) (i32.const 1)))
                  (br $next)))
              (if (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x22)) (i32.eq (local.get $c) (i32.const 0x5c)))
                          (i32.eq (local.get $c) (i32.const 0x2f)))
                (then
                  (i32.store8 (local.get $o) (local.get $c))
                  (local.set $o (i32.add (local.get $o) (i32.const 1)))
                  (local.set $i (i32.add (local.get $i) (i32.const 2)))
                  (local.set $less (i32.add (local.get $less) (i32.const 1)))
                  (br $next)))
              (if (i32.eq (local.get $c) (i32.const 0x74))
                (then
                  ;; \t: $tab written out (a call costs more than its work; `\u0009` calls it).
                  (local.set $i (i32.add (local.get $i) (i32.const 2)))
                  (local.set $less (i32.add (local.get $less) (i32.const 1)))
                  (if (local.get $wide)
                    (then
                      (local.set $origin (call $settle (local.get $known) (local.get $o) (local.get $origin)))
                      (br_if $fail (i32.lt_s (local.get $origin) (i32.const 0)))
                      (local.set $known (local.get $o))
                      (local.set $wide (i32.const 0))))
                  (local.set $tabEnd (i32.add (local.get $o)
                    (i32.sub (i32.const 8) (i32.and (i32.sub (local.get $o) (local.get $origin)) (i32.const 7)))))
                  (br_if $fail (i32.gt_u
                    (i32.add (i32.add (local.get $tabEnd)
                      (i32.shr_u (i32.add (i32.mul (i32.sub (local.get $end) (local.get $i)) (i32.const 3)) (i32.const 1)) (i32.const 1)))
                      (i32.const 16))
                    (local.get $limit)))
                  (if (i32.lt_u (local.get $hwm) (local.get $tabEnd))
                    (then (i64.store (select (local.get $hwm) (local.get $o) (i32.gt_u (local.get $hwm) (local.get $o))) (i64.const 0x2020202020202020))))
                  (local.set $o (local.get $tabEnd))
                  (br $next)))
              (if (i32.eq (local.get $c) (i32.const 0x72))
                (then
                  ;; \r
                  (local.set $i (call $skipCR (i32.add (local.get $i) (i32.const 2)) (local.get $end)))
                  (local.set $less (i32.add (local.get $less) (i32.add (global.get $crLess) (i32.const 1))))
                  (br $cr)))
              (br_if $fail (i32.ne (local.get $c) (i32.const 0x75)))
              ;; \uXXXX
              (br_if $fail (i32.gt_u (i32.add (local.get $i) (i32.const 6)) (local.get $end)))
              ;; `\u001b`, the ESC of every colour, read at once; any other by its digits.
              (local.set $cp
                (if (result i32) (i32.eq (i32.load offset=2 (local.get $i)) (i32.const 0x62313030))
                  (then (i32.const 0x1b))
                  (else (call $hex4 (i32.add (local.get $i) (i32.const 2))))))
              (br_if $fail (i32.lt_s (local.get $cp) (i32.const 0)))
              (local.set $i (i32.add (local.get $i) (i32.const 6)))
              (local.set $less (i32.add (local.get $less) (i32.const 5)))
              (if (i32.eq (local.get $cp) (i32.const 0x09))
                (then
                  (if (local.get $wide)
                    (then
                      (local.set $origin (call $settle (local.get $known) (local.get $o) (local.get $origin)))
                      (br_if $fail (i32.lt_s (local.get $origin) (i32.const 0)))
                      (local.set $known (local.get $o))
                      (local.set $wide (i32.const 0))))
                  (local.set $o (call $tab (local.get $o) (local.get $origin) (local.get $wide) (i32.sub (local.get $end) (local.get $i)) (local.get $limit) (local.get $hwm)))
                  (br_if $fail (i32.lt_s (local.get $o) (i32.const 0)))
                  (br $next)))
              (if (i32.eq (local.get $cp) (i32.const 0x0d))
                (then
                  (local.set $i (call $skipCR (local.get $i) (local.get $end)))
                  (local.set $less (i32.add (local.get $less) (global.get $crLess)))
                  (br $cr)))
              (if (i32.and (local.get $strip) (i32.eq (local.get $cp) (i32.const 0x1b)))
                (then
                  (local.set $i (call $csi (local.get $i) (local.get $end)))
                  (br_if $fail (i32.lt_s (local.get $i) (i32.const 0)))
                  (global.set $dropped (local.get $o))
                  (br $next)))
              (br_if $fail (call $troubled (local.get $cp)))
              (br_if $fail (i32.and (i32.ge_u (local.get $cp) (i32.const 0x80)) (local.get $cells)))
              (local.set $wide (i32.or (local.get $wide) (i32.ge_u (local.get $cp) (i32.const 0x80))))
              (if (i32.lt_u (i32.sub (local.get $cp) (i32.const 0xd800)) (i32.const 0x800))
                (then
                  ;; A surrogate: only a high one followed by an escaped low one makes a character.
                  (br_if $fail (i32.ge_u (local.get $cp) (i32.const 0xdc00)))
                  (br_if $fail (i32.gt_u (i32.add (local.get $i) (i32.const 6)) (local.get $end)))
                  (br_if $fail (i32.ne (i32.load16_u (local.get $i)) (i32.const 0x755c)))
                  (local.set $lo (call $hex4 (i32.add (local.get $i) (i32.const 2))))
                  (br_if $fail (i32.ge_u (i32.sub (local.get $lo) (i32.const 0xdc00)) (i32.const 0x400)))
                  (local.set $i (i32.add (local.get $i) (i32.const 6)))
                  (local.set $less (i32.add (local.get $less) (i32.const 5)))
                  (local.set $wide (i32.const 1))
                  (local.set $cp (i32.add (i32.const 0x10000)
                    (i32.or (i32.shl (i32.sub (local.get $cp) (i32.const 0xd800)) (i32.const 10))
                            (i32.sub (local.get $lo) (i32.const 0xdc00)))))
                  (i32.store8 (local.get $o) (i32.or (i32.const 0xf0) (i32.shr_u (local.get $cp) (i32.const 18))))
                  (i32.store8 offset=1 (local.get $o) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 12)) (i32.const 0x3f))))
                  (i32.store8 offset=2 (local.get $o) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 6)) (i32.const 0x3f))))
                  (i32.store8 offset=3 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
                  (local.set $o (i32.add (local.get $o) (i32.const 4)))
                  (br $next)))
              (if (i32.lt_u (local.get $cp) (i32.const 0x80))
                (then
                  (i32.store8 (local.get $o) (local.get $cp))
                  (local.set $o (i32.add (local.get $o) (i32.const 1)))
                  (br $next)))
              (if (i32.lt_u (local.get $cp) (i32.const 0x800))
                (then
                  (i32.store8 (local.get $o) (i32.or (i32.const 0xc0) (i32.shr_u (local.get $cp) (i32.const 6))))
                  (i32.store8 offset=1 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
                  (local.set $o (i32.add (local.get $o) (i32.const 2)))
                  (br $next)))
              (i32.store8 (local.get $o) (i32.or (i32.const 0xe0) (i32.shr_u (local.get $cp) (i32.const 12))))
              (i32.store8 offset=1 (local.get $o) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 6)) (i32.const 0x3f))))
              (i32.store8 offset=2 (local.get $o) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
              (local.set $o (i32.add (local.get $o) (i32.const 3)))
              (br $next)))
          ;; Raw controls are not JSON; DEL is dropped by the sanitizer.
          (br_if $fail (i32.lt_u (local.get $b) (i32.const 0xc2)))
          (br_if $fail (i32.gt_u (local.get $b) (i32.const 0xf4)))
          (br_if $fail (local.get $cells))
          (if (i32.lt_u (local.get $b) (i32.const 0xe0))
            (then
              (br_if $fail (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
              (local.set $c (i32.load8_u offset=1 (local.get $i)))
              (br_if $fail (i32.ne (i32.and (local.get $c) (i32.const 0xc0)) (i32.const 0x80)))
              ;; $troubled for a two-byte character (0x80 up): a C1 control or ALM. (Written out
              ;; here and below: a call costs more than the test.)
              (local.set $cp (i32.or (i32.shl (i32.and (local.get $b) (i32.const 0x1f)) (i32.const 6)) (i32.and (local.get $c) (i32.const 0x3f))))
              (br_if $fail (i32.or (i32.lt_u (local.get $cp) (i32.const 0xa0)) (i32.eq (local.get $cp) (i32.const 0x061c))))
              (local.set $wide (i32.const 1))
              (i32.store16 (local.get $o) (i32.load16_u (local.get $i)))
              (local.set $o (i32.add (local.get $o) (i32.const 2)))
              (local.set $i (i32.add (local.get $i) (i32.const 2)))
              (local.set $less (i32.add (local.get $less) (i32.const 1)))
              (br $next)))
          (if (i32.lt_u (local.get $b) (i32.const 0xf0))
            (then
              (br_if $fail (i32.ge_u (i32.add (local.get $i) (i32.const 2)) (local.get $end)))
              (local.set $c (i32.load8_u offset=1 (local.get $i)))
              (br_if $fail (i32.ne (i32.and (local.get $c) (i32.const 0xc0)) (i32.const 0x80)))
              (br_if $fail (i32.ne (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0xc0)) (i32.const 0x80)))
              (local.set $cp (i32.or
                (i32.or (i32.shl (i32.and (local.get $b) (i32.const 0x0f)) (i32.const 12))
                        (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 6)))
                (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0x3f))))
              ;; Overlong forms and surrogates are not UTF-8.
              (br_if $fail (i32.lt_u (local.get $cp) (i32.const 0x800)))
              (br_if $fail (i32.lt_u (i32.sub (local.get $cp) (i32.const 0xd800)) (i32.const 0x800)))
              ;; $troubled for a three-byte character (0x800 up): the bidi controls.
              (br_if $fail (i32.or
                (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x200e)) (i32.const 2))
                (i32.or (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x202a)) (i32.const 5))
                        (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2066)) (i32.const 4)))))
              (local.set $wide (i32.const 1))
              (i32.store16 (local.get $o) (i32.load16_u (local.get $i)))
              (i32.store8 offset=2 (local.get $o) (i32.load8_u offset=2 (local.get $i)))
              (local.set $o (i32.add (local.get $o) (i32.const 3)))
              (local.set $i (i32.add (local.get $i) (i32.const 3)))
              (local.set $less (i32.add (local.get $less) (i32.const 2)))
              (br $next)))
          (br_if $fail (i32.ge_u (i32.add (local.get $i) (i32.const 3)) (local.get $end)))
          (local.set $c (i32.load8_u offset=1 (local.get $i)))
          (br_if $fail (i32.ne (i32.and (local.get $c) (i32.const 0xc0)) (i32.const 0x80)))
          (br_if $fail (i32.ne (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0xc0)) (i32.const 0x80)))
          (br_if $fail (i32.ne (i32.and (i32.load8_u offset=3 (local.get $i)) (i32.const 0xc0)) (i32.const 0x80)))
          (local.set $cp (i32.or
            (i32.shl (i32.and (local.get $b) (i32.const 0x07)) (i32.const 18))
            (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 12))))
          (br_if $fail (i32.lt_u (local.get $cp) (i32.const 0x10000)))
          (br_if $fail (i32.gt_u (local.get $cp) (i32.const 0x10ffff)))
          (local.set $wide (i32.const 1))
          (i32.store (local.get $o) (i32.load (local.get $i)))
          (local.set $o (i32.add (local.get $o) (i32.const 4)))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (local.set $less (i32.add (local.get $less) (i32.const 2)))
          (br $next))
          ;; Carriage returns ($i is past them): dropped before a newline or the end; else the
          ;; cursor goes back to the line's start (the sanitizer's cells, one a byte while the
          ;; line is ASCII), and what is written next goes over what was there.
          (if (i32.eqz (call $atLineEnd (local.get $i) (local.get $end)))
            (then
              (if (i32.gt_u (local.get $o) (local.get $hwm)) (then (local.set $hwm (local.get $o))))
              (if (i32.gt_u (local.get $hwm) (local.get $line))
                (then
                  ;; Cells a byte: only on a line of ASCII (no character moved the origin).
                  (br_if $fail (i32.or (local.get $wide) (i32.ne (local.get $origin) (local.get $line))))
                  (local.set $cells (i32.const 1))))
              (local.set $o (local.get $line))))
          (global.set $dropped (local.get $o))
          (br $next)))
      ;; A final newline ends the last line rather than starting one. The count is the text's
      ;; as it was (dropped colours or carriage returns after its last newline still make a
      ;; line there), the block is the sanitizer's (which drops that newline).
      (if (i32.lt_u (local.get $o) (local.get $hwm)) (then (local.set $o (local.get $hwm))))
      (global.set $trimmed (i32.eq (local.get $nl) (local.get $o)))
      (if (global.get $trimmed)
        (then (local.set $o (i32.sub (local.get $o) (i32.const 3)))))
      (if (i32.and (i32.eq (local.get $rawnl) (local.get $i)) (i32.gt_s (local.get $nl) (i32.const -1)))
        (then (local.set $n (i32.sub (local.get $n) (i32.const 1)))))
      (global.set $lines (local.get $n))
      (global.set $read (i32.sub (local.get $i) (local.get $in)))
      (global.set $units (i32.sub (global.get $read) (local.get $less)))
      (return (local.get $o)))
    (i32.const -1))

  ;; How many bytes from $in on, up to $len, are printable ASCII but the quote and the
  ;; backslash: a JSON string's text that ends there with its closing quote is the same
  ;; decoded, a character a byte (print mode describes a base64 image by its length without
  ;; reading it into a string). Sixteen bytes at a time.
  (func (export "plain") (param $in i32) (param $len i32) (result i32)
    (local $i i32) (local $end i32) (local $v v128) (local $m i32)
    (local.set $i (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (block $slow
      (loop $fast
        (br_if $slow (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
        (local.set $v (v128.load (local.get $i)))
        (local.set $m (i8x16.bitmask (v128.or
          (v128.or
            (i8x16.lt_u (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20))
            (i8x16.gt_u (local.get $v) (v128.const i8x16 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e 0x7e)))
          (v128.or
            (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c))
            (i8x16.eq (local.get $v) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))))))
        (if (local.get $m)
          (then (return (i32.add (i32.sub (local.get $i) (local.get $in)) (i32.ctz (local.get $m))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $fast)))
    (block $found
      (loop $byte
        (br_if $found (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $m (i32.load8_u (local.get $i)))
        (br_if $found (i32.ge_u (i32.sub (local.get $m) (i32.const 0x20)) (i32.const 0x5f)))
        (br_if $found (i32.eq (local.get $m) (i32.const 0x5c)))
        (br_if $found (i32.eq (local.get $m) (i32.const 0x22)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (i32.sub (local.get $i) (local.get $in))))
