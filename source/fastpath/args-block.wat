;; Print mode's kernel for a tool call's arguments (fastpath/args-block.ts loads it;
;; scripts/build-wasm.mjs turns this text into fastpath/args-block-wasm.ts). The arguments are a
;; JSON string holding a JSON object's text; print mode writes that object as
;; `JSON.stringify(JSON.parse(args), null, 2)`, sanitized, two spaces before each line. This reads
;; the string as written in the trace line, unescapes it once and writes the object so, in
;; UTF-8, in one pass: its strings are copied as they are written inside (with their escapes),
;; since an argument text that JSON.stringify would write otherwise is left to the usual way.
;;
;; It returns -1 (the usual way) on anything it is not sure of: outer escapes but \" \\ \/ and,
;; between the object's tokens, \n \t \r (white space); inner escapes JSON.stringify would not
;; write (\/, upper-case hex, \u escapes but those of controls without a short form); characters
;; the sanitizer changes (DEL, C1 controls, bidi controls); broken UTF-8; numbers not written as
;; JSON.stringify writes them (only integers and plain decimals of at most 15 digits are taken);
;; repeated keys and keys made of digits (JSON.parse puts array indexes first); nesting deeper
;; than 32; more than 64 members at the top or 256 keys open at once; a value that is not an
;; object; a string that does not end before its input does.
;;
;; For each member of the top object it notes where its key and value are written and, for a
;; string, how many lines it has (print mode's headline counts an edit's lines without
;; decoding them). WebAssembly, as json-block.wat, because this is most of a code-editing
;; trace's bytes: sixteen bytes at a time while they are plain ASCII.
;;
;; Memory: [8, 264) the open containers (8 bytes each: kind, first key), [512, 2560) the keys
;; of open objects (start, length in the output), [2560, 3584) the top object's members
;; (16 bytes each: key, value, value end, lines or -1), from 4096 on the caller's.
(module
  (memory (export "memory") 1)
  ;; How many bytes of JSON the last render read, up to the closing quote; how many members the top object has.
  (global $read (export "read") (mut i32) (i32.const 0))
  (global $members (export "members") (mut i32) (i32.const 0))

  ;; A newline and the indent of a line at $depth (the block's two spaces, two a level) at $o;
  ;; returns where the output goes on. Stores up to fifteen bytes past it.
  (func $break (param $o i32) (param $depth i32) (result i32)
    (local $k i32) (local $n i32)
    (i32.store8 (local.get $o) (i32.const 0x0a))
    (local.set $n (i32.add (i32.const 2) (i32.shl (local.get $depth) (i32.const 1))))
    (loop $more
      (v128.store (i32.add (i32.add (local.get $o) (i32.const 1)) (local.get $k))
        (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20))
      (local.set $k (i32.add (local.get $k) (i32.const 16)))
      (br_if $more (i32.lt_u (local.get $k) (local.get $n))))
    (i32.add (i32.add (local.get $o) (i32.const 1)) (local.get $n)))

  (func $isDigit (param $b i32) (result i32)
    (i32.lt_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 10)))

  ;; Whether the key written at [$at, $at + $len) (quotes included) is written at any of the
  ;; keys [$from, $to) of the key table.
  (func $seen (param $at i32) (param $len i32) (param $from i32) (param $to i32) (result i32)
    (local $k i32) (local $j i32) (local $other i32)
    (local.set $k (local.get $from))
    (block $none
      (loop $key
        (br_if $none (i32.ge_u (local.get $k) (local.get $to)))
        (if (i32.eq (i32.load offset=516 (i32.shl (local.get $k) (i32.const 3))) (local.get $len))
          (then
            (local.set $other (i32.load offset=512 (i32.shl (local.get $k) (i32.const 3))))
            (local.set $j (i32.const 0))
            (block $differs
              (loop $byte
                (if (i32.ge_u (local.get $j) (local.get $len)) (then (return (i32.const 1))))
                (br_if $differs (i32.ne
                  (i32.load8_u (i32.add (local.get $at) (local.get $j)))
                  (i32.load8_u (i32.add (local.get $other) (local.get $j)))))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (br $byte)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $key)))
    (i32.const 0))

  ;; Reads the arguments' JSON string text from $in (just after its opening quote) to its
  ;; closing quote, before $in + $len (followed by at least eight zero bytes), and writes the
  ;; block at $out (room up to $limit). Returns where the block ends, or -1.
  (func (export "render") (param $in i32) (param $len i32) (param $out i32) (param $limit i32) (result i32)
    (local $i i32) (local $end i32) (local $o i32) (local $b i32) (local $c i32) (local $d i32)
    (local $v v128) (local $m i32) (local $depth i32) (local $expect i32) (local $nkeys i32)
    (local $isKey i32) (local $strStart i32) (local $nl i32) (local $lastNl i32) (local $lines i32)
    (local $s i32) (local $int i32) (local $frac i32) (local $zeros i32) (local $cp i32) (local $k i32) (local $w i32)
    ;; $expect: 0 a value, 1 a key or `}` (first key), 2 a key, 3 a value or `]` (first value),
    ;; 4 `,` or the container's end, 5 `:`.
    (global.set $members (i32.const 0))
    (local.set $i (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $o (local.get $out))
    (block $fail
      (block $done
        (loop $main
          (block $valueDone
            ;; Room for any token but a string's text, whose loops check their own.
            (br_if $fail (i32.gt_u (i32.add (local.get $o) (i32.const 128)) (local.get $limit)))
            (br_if $fail (i32.ge_u (local.get $i) (local.get $end)))
            (local.set $b (i32.load8_u (local.get $i)))
            (if (i32.eq (local.get $b) (i32.const 0x20))
              (then
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $main)))
            ;; The closing quote of the arguments: the object must be whole.
            (if (i32.eq (local.get $b) (i32.const 0x22))
              (then
                (br_if $done (i32.and (i32.eqz (local.get $depth)) (i32.eq (local.get $expect) (i32.const 4))))
                (br $fail)))
            (if (i32.eq (local.get $b) (i32.const 0x5c))
              (then
                (local.set $c (i32.load8_u offset=1 (local.get $i)))
                ;; \n \t \r: white space between tokens.
                (if (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x6e)) (i32.eq (local.get $c) (i32.const 0x74)))
                            (i32.eq (local.get $c) (i32.const 0x72)))
                  (then
                    (local.set $i (i32.add (local.get $i) (i32.const 2)))
                    (br $main)))
                (br_if $fail (i32.ne (local.get $c) (i32.const 0x22)))
                ;; \": a string, a key or a value.
                (local.set $isKey (i32.or (i32.eq (local.get $expect) (i32.const 1)) (i32.eq (local.get $expect) (i32.const 2))))
                (br_if $fail (i32.eqz (i32.or (local.get $isKey)
                  (i32.and (i32.or (i32.eqz (local.get $expect)) (i32.eq (local.get $expect) (i32.const 3))) (i32.ne (local.get $depth) (i32.const 0))))))
                (if (i32.or (i32.eq (local.get $expect) (i32.const 1)) (i32.eq (local.get $expect) (i32.const 3)))
                  (then (local.set $o (call $break (local.get $o) (local.get $depth)))))
                (if (i32.and (local.get $isKey) (i32.eq (local.get $depth) (i32.const 1)))
                  (then
                    (br_if $fail (i32.ge_u (global.get $members) (i32.const 64)))
                    (i32.store offset=2560 (i32.shl (global.get $members) (i32.const 4)) (local.get $o))))
                (local.set $strStart (local.get $o))
                (i32.store8 (local.get $o) (i32.const 0x22))
                (local.set $o (i32.add (local.get $o) (i32.const 1)))
                (local.set $i (i32.add (local.get $i) (i32.const 2)))
                (local.set $nl (i32.const 0))
                (local.set $lastNl (i32.const -1))
                (block $closed
                  (loop $str
                    ;; Code's escapes and non-ASCII characters come in runs (`\\n\\t\\t`, a CJK comment), an escape
                    ;; every few bytes: each byte after one is looked at before the sixteen-byte path is taken.
                    (block $special
                      (local.set $b (i32.load8_u (local.get $i)))
                      (if (i32.eq (local.get $b) (i32.const 0x5c))
                        (then
                          (br_if $special (i32.gt_u (i32.add (local.get $o) (i32.const 8)) (local.get $limit)))
                          ;; The commonest escapes in code, from four bytes at once (a backslash is no sentinel
                          ;; byte: $i is before $end): \\n, \\t (the inner \n, \t), \\\" and \\\\ (the inner \" and \\).
                          (local.set $w (i32.load (local.get $i)))
                          (local.set $c (i32.and (local.get $w) (i32.const 0xffffff)))
                          (if (i32.eq (local.get $c) (i32.const 0x6e5c5c))
                            (then
                              (i32.store16 (local.get $o) (i32.const 0x6e5c))
                              (local.set $o (i32.add (local.get $o) (i32.const 2)))
                              (local.set $i (i32.add (local.get $i) (i32.const 3)))
                              (local.set $nl (i32.add (local.get $nl) (i32.const 1)))
                              (local.set $lastNl (local.get $o))
                              (br $str)))
                          (if (i32.eq (local.get $c) (i32.const 0x745c5c))
                            (then
                              (i32.store16 (local.get $o) (i32.const 0x745c))
                              (local.set $o (i32.add (local.get $o) (i32.const 2)))
                              (local.set $i (i32.add (local.get $i) (i32.const 3)))
                              (br $str)))
                          (if (i32.or (i32.eq (local.get $w) (i32.const 0x225c5c5c)) (i32.eq (local.get $w) (i32.const 0x5c5c5c5c)))
                            (then
                              (i32.store16 (local.get $o) (i32.shr_u (local.get $w) (i32.const 16)))
                              (local.set $o (i32.add (local.get $o) (i32.const 2)))
                              (local.set $i (i32.add (local.get $i) (i32.const 4)))
                              (br $str)))
                          (br $special)))
                      ;; Sixteen bytes at a time from a plain byte on, while they are printable ASCII but the backslash and the quote.
                      (br_if $special (i32.or (i32.ge_u (i32.sub (local.get $b) (i32.const 0x20)) (i32.const 0x5f)) (i32.eq (local.get $b) (i32.const 0x22))))
                      (loop $fast
                        (br_if $special (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
                        (br_if $special (i32.gt_u (i32.add (local.get $o) (i32.const 16)) (local.get $limit)))
                        (local.set $v (v128.load (local.get $i)))
                        (v128.store (local.get $o) (local.get $v))
                        (local.set $m (i8x16.bitmask (v128.or
                          ;; Signed, as the machine compares bytes: below 0x20 or from 0x80 on; and DEL.
                          (v128.or
                            (i8x16.lt_s (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20))
                            (i8x16.eq (local.get $v) (v128.const i8x16 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f)))
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
                        (local.set $o (i32.add (local.get $o) (local.get $m)))
                        (br $str)))
                    (br_if $fail (i32.gt_u (i32.add (local.get $o) (i32.const 8)) (local.get $limit)))
                    (br_if $fail (i32.ge_u (local.get $i) (local.get $end)))
                    (local.set $b (i32.load8_u (local.get $i)))
                    (if (i32.eq (local.get $b) (i32.const 0x5c))
                      (then
                        (local.set $c (i32.load8_u offset=1 (local.get $i)))
                        ;; \": the inner string ends.
                        (if (i32.eq (local.get $c) (i32.const 0x22))
                          (then
                            (i32.store8 (local.get $o) (i32.const 0x22))
                            (local.set $o (i32.add (local.get $o) (i32.const 1)))
                            (local.set $i (i32.add (local.get $i) (i32.const 2)))
                            (br $closed)))
                        (if (i32.eq (local.get $c) (i32.const 0x2f))
                          (then
                            (i32.store8 (local.get $o) (i32.const 0x2f))
                            (local.set $o (i32.add (local.get $o) (i32.const 1)))
                            (local.set $i (i32.add (local.get $i) (i32.const 2)))
                            (br $str)))
                        ;; Any other outer escape but \\ would put a control in the inner string.
                        (br_if $fail (i32.ne (local.get $c) (i32.const 0x5c)))
                        ;; \\: an inner escape, its letter next.
                        (local.set $d (i32.load8_u offset=2 (local.get $i)))
                        (if (i32.eq (local.get $d) (i32.const 0x5c))
                          (then
                            ;; \\\\ or \\\": the inner \\ or \".
                            (local.set $c (i32.load8_u offset=3 (local.get $i)))
                            (br_if $fail (i32.and (i32.ne (local.get $c) (i32.const 0x5c)) (i32.ne (local.get $c) (i32.const 0x22))))
                            (i32.store16 (local.get $o) (i32.or (i32.const 0x5c) (i32.shl (local.get $c) (i32.const 8))))
                            (local.set $o (i32.add (local.get $o) (i32.const 2)))
                            (local.set $i (i32.add (local.get $i) (i32.const 4)))
                            (br $str)))
                        (if (i32.eq (local.get $d) (i32.const 0x6e))
                          (then
                            (i32.store16 (local.get $o) (i32.const 0x6e5c))
                            (local.set $o (i32.add (local.get $o) (i32.const 2)))
                            (local.set $i (i32.add (local.get $i) (i32.const 3)))
                            (local.set $nl (i32.add (local.get $nl) (i32.const 1)))
                            (local.set $lastNl (local.get $o))
                            (br $str)))
                        (if (i32.or
                              (i32.or (i32.eq (local.get $d) (i32.const 0x74)) (i32.eq (local.get $d) (i32.const 0x72)))
                              (i32.or (i32.eq (local.get $d) (i32.const 0x62)) (i32.eq (local.get $d) (i32.const 0x66))))
                          (then
                            (i32.store16 (local.get $o) (i32.or (i32.const 0x5c) (i32.shl (local.get $d) (i32.const 8))))
                            (local.set $o (i32.add (local.get $o) (i32.const 2)))
                            (local.set $i (i32.add (local.get $i) (i32.const 3)))
                            (br $str)))
                        (br_if $fail (i32.ne (local.get $d) (i32.const 0x75)))
                        ;; \u00XY in lower case: a control without a short form (not 08-0a, 0c, 0d).
                        (br_if $fail (i32.ne (i32.load16_u offset=3 (local.get $i)) (i32.const 0x3030)))
                        (local.set $c (i32.load8_u offset=5 (local.get $i)))
                        (local.set $d (i32.load8_u offset=6 (local.get $i)))
                        (br_if $fail (i32.ge_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 2)))
                        (local.set $cp
                          (if (result i32) (call $isDigit (local.get $d))
                            (then (i32.sub (local.get $d) (i32.const 0x30)))
                            (else
                              (if (result i32) (i32.lt_u (i32.sub (local.get $d) (i32.const 0x61)) (i32.const 6))
                                (then (i32.sub (local.get $d) (i32.const 0x57)))
                                (else (i32.const -1))))))
                        (br_if $fail (i32.lt_s (local.get $cp) (i32.const 0)))
                        (local.set $cp (i32.or (local.get $cp) (i32.shl (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 4))))
                        (br_if $fail (i32.or
                          (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x08)) (i32.const 3))
                          (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x0c)) (i32.const 2))))
                        (i32.store16 (local.get $o) (i32.const 0x755c))
                        (i32.store16 offset=2 (local.get $o) (i32.const 0x3030))
                        (i32.store8 offset=4 (local.get $o) (local.get $c))
                        (i32.store8 offset=5 (local.get $o) (local.get $d))
                        (local.set $o (i32.add (local.get $o) (i32.const 6)))
                        (local.set $i (i32.add (local.get $i) (i32.const 7)))
                        (br $str)))
                    ;; The arguments' closing quote inside a string, a raw control, DEL.
                    (br_if $fail (i32.or (i32.lt_u (local.get $b) (i32.const 0x20))
                      (i32.or (i32.eq (local.get $b) (i32.const 0x22)) (i32.eq (local.get $b) (i32.const 0x7f)))))
                    (if (i32.lt_u (local.get $b) (i32.const 0x80))
                      (then
                        (i32.store8 (local.get $o) (local.get $b))
                        (local.set $o (i32.add (local.get $o) (i32.const 1)))
                        (local.set $i (i32.add (local.get $i) (i32.const 1)))
                        (br $str)))
                    ;; UTF-8: checked, copied as it is. C1 controls and bidi controls are the sanitizer's.
                    ;; Most text beyond ASCII in code is CJK: three bytes led by E3-EC or EE-EF, where no
                    ;; overlong form, surrogate or control can be; their continuation bytes alone are checked.
                    (if (i32.and (i32.ge_u (local.get $b) (i32.const 0xe3)) (i32.and (i32.le_u (local.get $b) (i32.const 0xef)) (i32.ne (local.get $b) (i32.const 0xed))))
                      (then
                        ;; A run of them in a tight loop (a fourth byte is copied and written over).
                        (loop $cjk
                          (local.set $w (i32.load (local.get $i)))
                          (br_if $fail (i32.ne (i32.and (local.get $w) (i32.const 0xc0c000)) (i32.const 0x808000)))
                          (i32.store (local.get $o) (local.get $w))
                          (local.set $o (i32.add (local.get $o) (i32.const 3)))
                          (local.set $i (i32.add (local.get $i) (i32.const 3)))
                          (br_if $fail (i32.gt_u (i32.add (local.get $o) (i32.const 8)) (local.get $limit)))
                          (local.set $b (i32.load8_u (local.get $i)))
                          (br_if $cjk (i32.and (i32.lt_u (i32.sub (local.get $b) (i32.const 0xe3)) (i32.const 13)) (i32.ne (local.get $b) (i32.const 0xed)))))
                        (br $str)))
                    (br_if $fail (i32.lt_u (local.get $b) (i32.const 0xc2)))
                    (br_if $fail (i32.gt_u (local.get $b) (i32.const 0xf4)))
                    (local.set $c (i32.load8_u offset=1 (local.get $i)))
                    (br_if $fail (i32.ne (i32.and (local.get $c) (i32.const 0xc0)) (i32.const 0x80)))
                    (if (i32.lt_u (local.get $b) (i32.const 0xe0))
                      (then
                        (local.set $cp (i32.or (i32.shl (i32.and (local.get $b) (i32.const 0x1f)) (i32.const 6)) (i32.and (local.get $c) (i32.const 0x3f))))
                        (br_if $fail (i32.or (i32.lt_u (local.get $cp) (i32.const 0xa0)) (i32.eq (local.get $cp) (i32.const 0x061c))))
                        (i32.store16 (local.get $o) (i32.load16_u (local.get $i)))
                        (local.set $o (i32.add (local.get $o) (i32.const 2)))
                        (local.set $i (i32.add (local.get $i) (i32.const 2)))
                        (br $str)))
                    (br_if $fail (i32.ne (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0xc0)) (i32.const 0x80)))
                    (if (i32.lt_u (local.get $b) (i32.const 0xf0))
                      (then
                        (local.set $cp (i32.or
                          (i32.or (i32.shl (i32.and (local.get $b) (i32.const 0x0f)) (i32.const 12))
                                  (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 6)))
                          (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0x3f))))
                        ;; Overlong forms and surrogates are not UTF-8.
                        (br_if $fail (i32.lt_u (local.get $cp) (i32.const 0x800)))
                        (br_if $fail (i32.lt_u (i32.sub (local.get $cp) (i32.const 0xd800)) (i32.const 0x800)))
                        (br_if $fail (i32.or
                          (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x200e)) (i32.const 2))
                          (i32.or (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x202a)) (i32.const 5))
                                  (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2066)) (i32.const 4)))))
                        (i32.store16 (local.get $o) (i32.load16_u (local.get $i)))
                        (i32.store8 offset=2 (local.get $o) (i32.load8_u offset=2 (local.get $i)))
                        (local.set $o (i32.add (local.get $o) (i32.const 3)))
                        (local.set $i (i32.add (local.get $i) (i32.const 3)))
                        (br $str)))
                    (br_if $fail (i32.ne (i32.and (i32.load8_u offset=3 (local.get $i)) (i32.const 0xc0)) (i32.const 0x80)))
                    (local.set $cp (i32.or
                      (i32.shl (i32.and (local.get $b) (i32.const 0x07)) (i32.const 18))
                      (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 12))))
                    (br_if $fail (i32.lt_u (local.get $cp) (i32.const 0x10000)))
                    (br_if $fail (i32.gt_u (local.get $cp) (i32.const 0x10ffff)))
                    (i32.store (local.get $o) (i32.load (local.get $i)))
                    (local.set $o (i32.add (local.get $o) (i32.const 4)))
                    (local.set $i (i32.add (local.get $i) (i32.const 4)))
                    (br $str)))
                ;; The string is written, [$strStart, $o) with its quotes.
                (if (local.get $isKey)
                  (then
                    ;; A key of digits alone (an array index is listed first), or one the object has already.
                    (local.set $k (i32.add (local.get $strStart) (i32.const 1)))
                    (block $notIndex
                      (br_if $notIndex (i32.eq (local.get $k) (i32.sub (local.get $o) (i32.const 1))))
                      (loop $digit
                        (br_if $notIndex (i32.eqz (call $isDigit (i32.load8_u (local.get $k)))))
                        (local.set $k (i32.add (local.get $k) (i32.const 1)))
                        (br_if $digit (i32.lt_u (local.get $k) (i32.sub (local.get $o) (i32.const 1)))))
                      (br $fail))
                    (br_if $fail (call $seen (local.get $strStart) (i32.sub (local.get $o) (local.get $strStart))
                      (i32.load offset=4 (i32.shl (local.get $depth) (i32.const 3))) (local.get $nkeys)))
                    (br_if $fail (i32.ge_u (local.get $nkeys) (i32.const 256)))
                    (i32.store offset=512 (i32.shl (local.get $nkeys) (i32.const 3)) (local.get $strStart))
                    (i32.store offset=516 (i32.shl (local.get $nkeys) (i32.const 3)) (i32.sub (local.get $o) (local.get $strStart)))
                    (local.set $nkeys (i32.add (local.get $nkeys) (i32.const 1)))
                    (local.set $expect (i32.const 5))
                    (br $main)))
                ;; A value: its lines (a final newline ends a line, it does not start one).
                (local.set $lines
                  (if (result i32) (i32.eq (i32.sub (local.get $o) (local.get $strStart)) (i32.const 2))
                    (then (i32.const 0))
                    (else (i32.sub (i32.add (i32.const 1) (local.get $nl))
                      (i32.eq (local.get $lastNl) (i32.sub (local.get $o) (i32.const 1)))))))
                (br $valueDone)))
            (if (i32.or (i32.eq (local.get $b) (i32.const 0x7b)) (i32.eq (local.get $b) (i32.const 0x5b)))
              (then
                ;; The top value must be an object.
                (br_if $fail (i32.and (i32.eqz (local.get $depth)) (i32.ne (local.get $b) (i32.const 0x7b))))
                (br_if $fail (i32.and (i32.ne (local.get $expect) (i32.const 0)) (i32.ne (local.get $expect) (i32.const 3))))
                (br_if $fail (i32.ge_u (local.get $depth) (i32.const 32)))
                (if (i32.eq (local.get $expect) (i32.const 3))
                  (then (local.set $o (call $break (local.get $o) (local.get $depth)))))
                (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
                (i32.store (i32.shl (local.get $depth) (i32.const 3)) (local.get $b))
                (i32.store offset=4 (i32.shl (local.get $depth) (i32.const 3)) (local.get $nkeys))
                (i32.store8 (local.get $o) (local.get $b))
                (local.set $o (i32.add (local.get $o) (i32.const 1)))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (local.set $expect (select (i32.const 1) (i32.const 3) (i32.eq (local.get $b) (i32.const 0x7b))))
                (br $main)))
            (if (i32.or (i32.eq (local.get $b) (i32.const 0x7d)) (i32.eq (local.get $b) (i32.const 0x5d)))
              (then
                (br_if $fail (i32.eqz (local.get $depth)))
                ;; The open container's kind, its closing bracket two more.
                (br_if $fail (i32.ne (i32.add (i32.load (i32.shl (local.get $depth) (i32.const 3))) (i32.const 2)) (local.get $b)))
                (if (i32.or (i32.eq (local.get $expect) (i32.const 1)) (i32.eq (local.get $expect) (i32.const 3)))
                  (then)
                  (else
                    (br_if $fail (i32.ne (local.get $expect) (i32.const 4)))
                    (local.set $o (call $break (local.get $o) (i32.sub (local.get $depth) (i32.const 1))))))
                (i32.store8 (local.get $o) (local.get $b))
                (local.set $o (i32.add (local.get $o) (i32.const 1)))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (local.set $nkeys (i32.load offset=4 (i32.shl (local.get $depth) (i32.const 3))))
                (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                (local.set $lines (i32.const -1))
                (br $valueDone)))
            (if (i32.eq (local.get $b) (i32.const 0x2c))
              (then
                (br_if $fail (i32.or (i32.eqz (local.get $depth)) (i32.ne (local.get $expect) (i32.const 4))))
                (i32.store8 (local.get $o) (i32.const 0x2c))
                (local.set $o (call $break (i32.add (local.get $o) (i32.const 1)) (local.get $depth)))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (local.set $expect (select (i32.const 2) (i32.const 0) (i32.eq (i32.load (i32.shl (local.get $depth) (i32.const 3))) (i32.const 0x7b))))
                (br $main)))
            (if (i32.eq (local.get $b) (i32.const 0x3a))
              (then
                (br_if $fail (i32.ne (local.get $expect) (i32.const 5)))
                (i32.store16 (local.get $o) (i32.const 0x203a))
                (local.set $o (i32.add (local.get $o) (i32.const 2)))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (local.set $expect (i32.const 0))
                (if (i32.eq (local.get $depth) (i32.const 1))
                  (then (i32.store offset=2564 (i32.shl (global.get $members) (i32.const 4)) (local.get $o))))
                (br $main)))
            ;; Numbers and true, false, null: values inside the object.
            (br_if $fail (i32.and (i32.ne (local.get $expect) (i32.const 0)) (i32.ne (local.get $expect) (i32.const 3))))
            (br_if $fail (i32.eqz (local.get $depth)))
            (if (i32.eq (local.get $expect) (i32.const 3))
              (then (local.set $o (call $break (local.get $o) (local.get $depth)))))
            (local.set $lines (i32.const -1))
            (if (i32.eq (local.get $b) (i32.const 0x74))
              (then
                (br_if $fail (i32.ne (i32.load (local.get $i)) (i32.const 0x65757274)))
                (i32.store (local.get $o) (i32.const 0x65757274))
                (local.set $o (i32.add (local.get $o) (i32.const 4)))
                (local.set $i (i32.add (local.get $i) (i32.const 4)))
                (br $valueDone)))
            (if (i32.eq (local.get $b) (i32.const 0x6e))
              (then
                (br_if $fail (i32.ne (i32.load (local.get $i)) (i32.const 0x6c6c756e)))
                (i32.store (local.get $o) (i32.const 0x6c6c756e))
                (local.set $o (i32.add (local.get $o) (i32.const 4)))
                (local.set $i (i32.add (local.get $i) (i32.const 4)))
                (br $valueDone)))
            (if (i32.eq (local.get $b) (i32.const 0x66))
              (then
                (br_if $fail (i32.ne (i32.load (local.get $i)) (i32.const 0x736c6166)))
                (br_if $fail (i32.ne (i32.load8_u offset=4 (local.get $i)) (i32.const 0x65)))
                (i32.store (local.get $o) (i32.const 0x736c6166))
                (i32.store8 offset=4 (local.get $o) (i32.const 0x65))
                (local.set $o (i32.add (local.get $o) (i32.const 5)))
                (local.set $i (i32.add (local.get $i) (i32.const 5)))
                (br $valueDone)))
            ;; A number as JSON.stringify writes it: no leading zero, no -0, no exponent, no
            ;; final zero after a point, at most 15 digits (so that no shorter text reads as the
            ;; same number), no more than five zeros after `0.` (below 1e-6 it writes an exponent).
            (local.set $s (local.get $i))
            (if (i32.eq (local.get $b) (i32.const 0x2d))
              (then (local.set $i (i32.add (local.get $i) (i32.const 1)))))
            (local.set $b (i32.load8_u (local.get $i)))
            (br_if $fail (i32.eqz (call $isDigit (local.get $b))))
            (local.set $int (i32.const 0))
            (if (i32.eq (local.get $b) (i32.const 0x30))
              (then (local.set $i (i32.add (local.get $i) (i32.const 1))))
              (else
                (loop $intDigit
                  (local.set $int (i32.add (local.get $int) (i32.const 1)))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br_if $intDigit (call $isDigit (i32.load8_u (local.get $i)))))))
            (local.set $frac (i32.const 0))
            (local.set $zeros (i32.const 0))
            (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x2e))
              (then
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br_if $fail (i32.eqz (call $isDigit (i32.load8_u (local.get $i)))))
                (if (i32.eqz (local.get $int))
                  (then
                    (loop $zero
                      (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x30))
                        (then
                          (local.set $zeros (i32.add (local.get $zeros) (i32.const 1)))
                          (local.set $i (i32.add (local.get $i) (i32.const 1)))
                          (br $zero))))))
                (loop $fracDigit
                  (if (call $isDigit (i32.load8_u (local.get $i)))
                    (then
                      (local.set $frac (i32.add (local.get $frac) (i32.const 1)))
                      (local.set $i (i32.add (local.get $i) (i32.const 1)))
                      (br $fracDigit))))
                (br_if $fail (i32.eqz (local.get $frac)))
                (br_if $fail (i32.eq (i32.load8_u (i32.sub (local.get $i) (i32.const 1))) (i32.const 0x30)))
                (br_if $fail (i32.gt_u (local.get $zeros) (i32.const 5))))
              (else
                ;; -0
                (br_if $fail (i32.and (i32.eqz (local.get $int)) (i32.ne (local.get $s) (i32.sub (local.get $i) (i32.const 1)))))))
            (br_if $fail (i32.gt_u (i32.add (local.get $int) (local.get $frac)) (i32.const 15)))
            ;; (An exponent's `e` is no token where a value has ended: what comes after fails.)
            ;; At most 1 + 15 + 1 + 5 bytes: two stores of sixteen.
            (v128.store (local.get $o) (v128.load (local.get $s)))
            (v128.store offset=16 (local.get $o) (v128.load offset=16 (local.get $s)))
            (local.set $o (i32.add (local.get $o) (i32.sub (local.get $i) (local.get $s)))))
          ;; A value ended: a member of the top object is noted.
          (if (i32.eq (local.get $depth) (i32.const 1))
            (then
              (i32.store offset=2568 (i32.shl (global.get $members) (i32.const 4)) (local.get $o))
              (i32.store offset=2572 (i32.shl (global.get $members) (i32.const 4)) (local.get $lines))
              (global.set $members (i32.add (global.get $members) (i32.const 1)))))
          (local.set $expect (i32.const 4))
          (br $main)))
      (global.set $read (i32.sub (local.get $i) (local.get $in)))
      (return (local.get $o)))
    (i32.const -1)))
