;; Search by bytes' kernel (fastpath/byte-kernel.ts loads it; scripts/build-wasm.mjs turns this text
;; into fastpath/byte-scan-wasm.ts). Loops over a chunk of a trace, sixteen bytes at a time: `find`
;; finds the query's anchor, ASCII case folded or not (sixteen places at once are tested for
;; its first and last byte, then each place where both are is compared whole); `lower` writes
;; a chunk with ASCII letters lower-cased (for the spill file's scan, which then uses
;; Buffer.indexOf); and `special` finds the next byte where sanitize might change the text
;; (model/byte-search.ts checks what it finds): a backslash before u, b, f or r,
;; DEL, or the first byte of a C1 control (C2), of U+061C (D8), of U+2000–U+2FFF (E2) or,
;; with flag 2, of U+0130 (C4); `changes` says, from those, whether a line's changes may make a
;; query or are only colours (a line holds many escapes: deciding them here spares a regular
;; expression over each line). WebAssembly because in JavaScript either is a byte at a time
;; (or a string decoded first), a few times slower than reading the file.
(module
  (memory (export "memory") 1)

  (func (export "lower") (param $src i32) (param $dst i32) (param $len i32)
    (local $i i32) (local $v v128) (local $end i32) (local $c i32)
    (local.set $end (i32.and (local.get $len) (i32.const -16)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $v (v128.load (i32.add (local.get $src) (local.get $i))))
        (v128.store (i32.add (local.get $dst) (local.get $i))
          (v128.or (local.get $v)
            (v128.and
              (i8x16.lt_u (i8x16.sub (local.get $v) (i8x16.splat (i32.const 65))) (i8x16.splat (i32.const 26)))
              (i8x16.splat (i32.const 32)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $c (i32.load8_u (i32.add (local.get $src) (local.get $i))))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26))
          (then (local.set $c (i32.or (local.get $c) (i32.const 32)))))
        (i32.store8 (i32.add (local.get $dst) (local.get $i)) (local.get $c))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next))))

  (func $hit (param $b i32) (param $n i32) (param $f i32) (result i32)
    (if (i32.eq (local.get $b) (i32.const 92))
      (then
        (return (i32.or
          (i32.or (i32.eq (local.get $n) (i32.const 117)) (i32.eq (local.get $n) (i32.const 98)))
          (i32.or (i32.eq (local.get $n) (i32.const 102)) (i32.eq (local.get $n) (i32.const 114)))))))
    (i32.or
      (i32.or (i32.eq (local.get $b) (i32.const 0x7f)) (i32.eq (local.get $b) (i32.const 0xc2)))
      (i32.or (i32.or (i32.eq (local.get $b) (i32.const 0xd8)) (i32.eq (local.get $b) (i32.const 0xe2)))
        (i32.eq (local.get $b) (local.get $f)))))

  ;; The first offset in [$p, $end) where a special byte may be; $end when there is none.
  (func $special (export "special") (param $p i32) (param $end i32) (param $flags i32) (result i32)
    (local $f i32) (local $bits i32) (local $v v128) (local $w v128) (local $fv v128)
    ;; Without the flag, its test repeats another (DEL).
    (local.set $f (select (i32.const 0xc4) (i32.const 0x7f) (i32.and (local.get $flags) (i32.const 2))))
    (local.set $fv (i8x16.splat (local.get $f)))
    ;; Thirty-two bytes a turn (the byte after them read too), one test of both halves' bits;
    ;; b and f differ in bit 2 alone, C2 and E2 in bit 5: each pair is one test.
    (block $done
      (loop $next
        (br_if $done (i32.gt_u (i32.add (local.get $p) (i32.const 33)) (local.get $end)))
        (local.set $bits
          (i32.or
            (i8x16.bitmask
              (v128.or
                (v128.and (i8x16.eq (local.tee $v (v128.load (local.get $p))) (i8x16.splat (i32.const 92)))
                  (v128.or
                    (v128.or (i8x16.eq (local.tee $w (v128.load offset=1 (local.get $p))) (i8x16.splat (i32.const 117))) (i8x16.eq (v128.or (local.get $w) (i8x16.splat (i32.const 4))) (i8x16.splat (i32.const 102))))
                    (i8x16.eq (local.get $w) (i8x16.splat (i32.const 114)))))
                (v128.or
                  (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x7f))) (i8x16.eq (v128.or (local.get $v) (i8x16.splat (i32.const 0x20))) (i8x16.splat (i32.const 0xe2))))
                  (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xd8))) (i8x16.eq (local.get $v) (local.get $fv))))))
            (i32.shl
              (i8x16.bitmask
                (v128.or
                  (v128.and (i8x16.eq (local.tee $v (v128.load (i32.add (local.get $p) (i32.const 16)))) (i8x16.splat (i32.const 92)))
                    (v128.or
                      (v128.or (i8x16.eq (local.tee $w (v128.load offset=1 (i32.add (local.get $p) (i32.const 16)))) (i8x16.splat (i32.const 117))) (i8x16.eq (v128.or (local.get $w) (i8x16.splat (i32.const 4))) (i8x16.splat (i32.const 102))))
                      (i8x16.eq (local.get $w) (i8x16.splat (i32.const 114)))))
                  (v128.or
                    (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x7f))) (i8x16.eq (v128.or (local.get $v) (i8x16.splat (i32.const 0x20))) (i8x16.splat (i32.const 0xe2))))
                    (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xd8))) (i8x16.eq (local.get $v) (local.get $fv))))))
              (i32.const 16))))
        (if (local.get $bits) (then (return (i32.add (local.get $p) (i32.ctz (local.get $bits))))))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $next)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (if (call $hit
              (i32.load8_u (local.get $p))
              (select (i32.load8_u offset=1 (local.get $p)) (i32.const 0) (i32.lt_u (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
              (local.get $f))
          (then (return (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $next)))
    (local.get $end))
  ;; Whether the $len bytes at $at are the needle's ($fold: ASCII capitals at $at compared lower-cased).
  (func $same (param $at i32) (param $needle i32) (param $len i32) (param $fold i32) (result i32)
    (local $i i32) (local $c i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $c (i32.load8_u (i32.add (local.get $at) (local.get $i))))
        (if (i32.and (local.get $fold) (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26)))
          (then (local.set $c (i32.or (local.get $c) (i32.const 32)))))
        (if (i32.ne (local.get $c) (i32.load8_u (i32.add (local.get $needle) (local.get $i))))
          (then (return (i32.const 0))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.const 1))

  ;; The first offset in [$p, $end) where the $len bytes at $needle begin ($fold: the haystack's
  ;; ASCII letters compared lower-cased, the needle being lower-case); $end when there is none.
  (func $find (export "find") (param $p i32) (param $end i32) (param $needle i32) (param $len i32) (param $fold i32) (result i32)
    (local $first i32) (local $last i32) (local $stop i32) (local $bits i32) (local $at i32)
    (local $cf v128) (local $cl v128) (local $mf v128) (local $ml v128)
    (if (i32.eqz (local.get $len)) (then (return (local.get $p))))
    (local.set $first (i32.load8_u (local.get $needle)))
    (local.set $last (i32.load8_u (i32.add (local.get $needle) (i32.sub (local.get $len) (i32.const 1)))))
    ;; A letter of a folded needle matches either case: the haystack's byte is compared with bit 5 set.
    (if (local.get $fold)
      (then
        (if (i32.lt_u (i32.sub (local.get $first) (i32.const 97)) (i32.const 26)) (then (local.set $mf (i8x16.splat (i32.const 32)))))
        (if (i32.lt_u (i32.sub (local.get $last) (i32.const 97)) (i32.const 26)) (then (local.set $ml (i8x16.splat (i32.const 32)))))))
    (local.set $cf (i8x16.splat (local.get $first)))
    (local.set $cl (i8x16.splat (local.get $last)))
    ;; Sixteen places while the last byte of the last of them is inside.
    (local.set $stop (i32.sub (local.get $end) (i32.add (local.get $len) (i32.const 15))))
    (block $done
      (loop $next
        (br_if $done (i32.gt_s (local.get $p) (local.get $stop)))
        (local.set $bits
          (i8x16.bitmask
            (v128.and
              (i8x16.eq (v128.or (v128.load (local.get $p)) (local.get $mf)) (local.get $cf))
              (i8x16.eq (v128.or (v128.load (i32.add (local.get $p) (i32.sub (local.get $len) (i32.const 1)))) (local.get $ml)) (local.get $cl)))))
        (block $none
          (loop $bit
            (br_if $none (i32.eqz (local.get $bits)))
            (local.set $at (i32.add (local.get $p) (i32.ctz (local.get $bits))))
            (if (call $same (local.get $at) (local.get $needle) (local.get $len) (local.get $fold))
              (then (return (local.get $at))))
            (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
            (br $bit)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))
    ;; The last places one at a time.
    (block $done
      (loop $next
        (br_if $done (i32.gt_s (i32.add (local.get $p) (local.get $len)) (local.get $end)))
        (if (call $same (local.get $p) (local.get $needle) (local.get $len) (local.get $fold))
          (then (return (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $next)))
    (local.get $end))

  ;; How many times the $len bytes at $needle are in [$p, $end) at a character's start (JSON text:
  ;; not after an odd run of backslashes, which would be inside an escape), not overlapping.
  (func (export "count") (param $p i32) (param $end i32) (param $needle i32) (param $len i32) (param $fold i32) (result i32)
    (local $at i32) (local $k i32) (local $n i32)
    (if (i32.eqz (local.get $len)) (then (return (i32.const 0))))
    (block $done
      (loop $next
        (local.set $at (call $find (local.get $p) (local.get $end) (local.get $needle) (local.get $len) (local.get $fold)))
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        ;; The backslashes right before the hit.
        (local.set $k (local.get $at))
        (block $run
          (loop $back
            (br_if $run (i32.eqz (local.get $k)))
            (br_if $run (i32.ne (i32.load8_u (i32.sub (local.get $k) (i32.const 1))) (i32.const 92)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br $back)))
        (if (i32.and (i32.sub (local.get $at) (local.get $k)) (i32.const 1))
          (then (local.set $p (i32.add (local.get $at) (i32.const 1))))
          (else
            (local.set $n (i32.add (local.get $n) (i32.const 1)))
            (local.set $p (i32.add (local.get $at) (local.get $len)))))
        (br $next)))
    (local.get $n))

  ;; A byte of [.., $end), 0 past it.
  (func $at (param $q i32) (param $end i32) (result i32)
    (if (result i32) (i32.lt_u (local.get $q) (local.get $end))
      (then (i32.load8_u (local.get $q)))
      (else (i32.const 0))))

  ;; The value of a hexadecimal digit, -1 for another byte.
  (func $hex (param $c i32) (result i32)
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 10)) (then (return (i32.sub (local.get $c) (i32.const 48)))))
    (local.set $c (i32.or (local.get $c) (i32.const 32)))
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 97)) (i32.const 6)) (then (return (i32.sub (local.get $c) (i32.const 87)))))
    (i32.const -1))

  ;; What sanitize changes in a line [$p, $end) of JSON, as model/byte-search.ts's changedCandidates asks: 1 when
  ;; something may make a query's anchor (a `\u` escape of a control but a colour, of a bidi control, of U+0130 or U+212A; `\b`,
  ;; `\f`, `\r` but before `\n`, after an even run of backslashes; DEL, C1, bidi controls, U+0130, U+212A as UTF-8);
  ;; else 2 when it holds a colour (`\u001b[…m`, which may split the anchor), else 0.
  (func (export "changes") (param $p i32) (param $end i32) (result i32)
    (local $q i32) (local $n i32) (local $cp i32) (local $d i32) (local $i i32) (local $k i32) (local $found i32)
    (local.set $q (local.get $p))
    (block $done
      (loop $next
        (local.set $q (call $special (local.get $q) (local.get $end) (i32.const 2)))
        (br_if $done (i32.ge_u (local.get $q) (local.get $end)))
        (local.set $n (call $at (i32.add (local.get $q) (i32.const 1)) (local.get $end)))
        (block $go
          (if (i32.eq (i32.load8_u (local.get $q)) (i32.const 92))
            (then
              (if (i32.eq (i32.or (local.get $n) (i32.const 32)) (i32.const 117))
                (then
                  ;; \u and four hex digits.
                  (local.set $cp (i32.const 0))
                  (local.set $i (i32.const 2))
                  (block $bad
                    (loop $digit
                      (local.set $d (call $hex (call $at (i32.add (local.get $q) (local.get $i)) (local.get $end))))
                      (br_if $bad (i32.lt_s (local.get $d) (i32.const 0)))
                      (local.set $cp (i32.or (i32.shl (local.get $cp) (i32.const 4)) (local.get $d)))
                      (local.set $i (i32.add (local.get $i) (i32.const 1)))
                      (br_if $digit (i32.lt_u (local.get $i) (i32.const 6))))
                    (if (i32.eq (local.get $cp) (i32.const 0x1b))
                      (then
                        ;; A colour: ESC [ then digits, ; and : then m.
                        (local.set $i (i32.add (local.get $q) (i32.const 6)))
                        (if (i32.eq (call $at (local.get $i) (local.get $end)) (i32.const 91))
                          (then
                            (local.set $i (i32.add (local.get $i) (i32.const 1)))
                            (loop $param
                              (local.set $d (call $at (local.get $i) (local.get $end)))
                              (if (i32.or (i32.lt_u (i32.sub (local.get $d) (i32.const 48)) (i32.const 11)) (i32.eq (local.get $d) (i32.const 59)))
                                (then (local.set $i (i32.add (local.get $i) (i32.const 1))) (br $param))))
                            (if (i32.eq (call $at (local.get $i) (local.get $end)) (i32.const 109))
                              (then (local.set $found (i32.const 2)) (br $go)))))
                        (return (i32.const 1))))
                    (if (i32.or
                          (i32.or (i32.lt_u (local.get $cp) (i32.const 0xa0)) (i32.eq (local.get $cp) (i32.const 0x061c)))
                          (i32.or
                            (i32.or (i32.eq (local.get $cp) (i32.const 0x0130)) (i32.eq (local.get $cp) (i32.const 0x212a)))
                            (i32.or
                              (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x200e)) (i32.const 2))
                              (i32.or
                                (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x202a)) (i32.const 5))
                                (i32.lt_u (i32.sub (local.get $cp) (i32.const 0x2066)) (i32.const 4))))))
                      (then (return (i32.const 1)))))
                  (br $go)))
              ;; \b, \f, \r: an escape only after an even run of backslashes.
              (local.set $k (local.get $q))
              (block $run
                (loop $back
                  (br_if $run (i32.le_u (local.get $k) (local.get $p)))
                  (br_if $run (i32.ne (i32.load8_u (i32.sub (local.get $k) (i32.const 1))) (i32.const 92)))
                  (local.set $k (i32.sub (local.get $k) (i32.const 1)))
                  (br $back)))
              (br_if $go (i32.and (i32.sub (local.get $q) (local.get $k)) (i32.const 1)))
              (br_if $go (i32.eqz (i32.or (i32.or (i32.eq (local.get $n) (i32.const 98)) (i32.eq (local.get $n) (i32.const 102))) (i32.eq (local.get $n) (i32.const 114)))))
              (if (i32.eq (local.get $n) (i32.const 114))
                (then
                  (br_if $go (i32.and
                    (i32.eq (call $at (i32.add (local.get $q) (i32.const 2)) (local.get $end)) (i32.const 92))
                    (i32.eq (call $at (i32.add (local.get $q) (i32.const 3)) (local.get $end)) (i32.const 110))))))
              (return (i32.const 1))))
          ;; A raw byte: DEL; C1 (C2 80–9F); U+061C (D8 9C); U+0130 (C4 B0); U+200E, U+200F, U+202A–U+202E (E2 80 …),
          ;; U+2066–U+2069 (E2 81 …), U+212A (E2 84 AA).
          (local.set $d (i32.load8_u (local.get $q)))
          (if (i32.eq (local.get $d) (i32.const 0x7f)) (then (return (i32.const 1))))
          (if (i32.and (i32.eq (local.get $d) (i32.const 0xc2)) (i32.lt_u (i32.sub (local.get $n) (i32.const 0x80)) (i32.const 0x20)))
            (then (return (i32.const 1))))
          (if (i32.and (i32.eq (local.get $d) (i32.const 0xd8)) (i32.eq (local.get $n) (i32.const 0x9c))) (then (return (i32.const 1))))
          (if (i32.and (i32.eq (local.get $d) (i32.const 0xc4)) (i32.eq (local.get $n) (i32.const 0xb0))) (then (return (i32.const 1))))
          (if (i32.eq (local.get $d) (i32.const 0xe2))
            (then
              (local.set $i (call $at (i32.add (local.get $q) (i32.const 2)) (local.get $end)))
              (if (i32.eq (local.get $n) (i32.const 0x80))
                (then
                  (if (i32.or (i32.lt_u (i32.sub (local.get $i) (i32.const 0x8e)) (i32.const 2)) (i32.lt_u (i32.sub (local.get $i) (i32.const 0xaa)) (i32.const 5)))
                    (then (return (i32.const 1))))))
              (if (i32.and (i32.eq (local.get $n) (i32.const 0x81)) (i32.lt_u (i32.sub (local.get $i) (i32.const 0xa6)) (i32.const 4)))
                (then (return (i32.const 1))))
              (if (i32.and (i32.eq (local.get $n) (i32.const 0x84)) (i32.eq (local.get $i) (i32.const 0xaa)))
                (then (return (i32.const 1)))))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $next)))
    (local.get $found))
;; Copies [$p, $end) (whole lines) to $out without the colours sanitize removes, and returns where the copy
  ;; ends: `\u001b[` ($needle, its 7 bytes lower-case; u and b in either case), digits, `:` and `;`, then `m`, after an
  ;; even run of backslashes (each pair a backslash written). What is left has the same lines, one for one.
  (func (export "uncolour") (param $p i32) (param $end i32) (param $out i32) (param $needle i32) (result i32)
    (local $start i32) (local $from i32) (local $q i32) (local $k i32)
    (local.set $start (local.get $p))
    (local.set $from (local.get $p))
    (block $done
      (loop $next
        (local.set $q (call $find (local.get $p) (local.get $end) (local.get $needle) (i32.const 7) (i32.const 1)))
        (br_if $done (i32.ge_u (local.get $q) (local.get $end)))
        (local.set $p (i32.add (local.get $q) (i32.const 1)))
        ;; The backslashes before it: an odd run in all writes a backslash, then `u001b[`.
        (local.set $k (local.get $q))
        (block $run
          (loop $back
            (br_if $run (i32.le_u (local.get $k) (local.get $start)))
            (br_if $run (i32.ne (i32.load8_u (i32.sub (local.get $k) (i32.const 1))) (i32.const 92)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br $back)))
        (br_if $next (i32.and (i32.sub (local.get $q) (local.get $k)) (i32.const 1)))
        (local.set $k (i32.add (local.get $q) (i32.const 7)))
        (block $params
          (loop $param
            (br_if $params (i32.ge_u (local.get $k) (local.get $end)))
            (br_if $params (i32.gt_u (i32.sub (i32.load8_u (local.get $k)) (i32.const 48)) (i32.const 11)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $param)))
        (br_if $next (i32.ge_u (local.get $k) (local.get $end)))
        (br_if $next (i32.ne (i32.load8_u (local.get $k)) (i32.const 109)))
        (memory.copy (local.get $out) (local.get $from) (i32.sub (local.get $q) (local.get $from)))
        (local.set $out (i32.add (local.get $out) (i32.sub (local.get $q) (local.get $from))))
        (local.set $from (i32.add (local.get $k) (i32.const 1)))
        (local.set $p (local.get $from))
        (br $next)))
    (memory.copy (local.get $out) (local.get $from) (i32.sub (local.get $end) (local.get $from)))
    (i32.add (local.get $out) (i32.sub (local.get $end) (local.get $from))))
)
