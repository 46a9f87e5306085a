;; Search by bytes' kernel (io/byte-kernel.ts loads it; scripts/build-wasm.mjs turns this text
;; into io/byte-scan-wasm.ts). Two loops over a chunk of a trace, sixteen bytes at a time:
;; `lower` writes it with ASCII letters lower-cased (then Buffer.indexOf finds a query
;; whatever its case), and `special` finds the next byte where sanitize might change the text
;; (model/byte-search.ts checks what it finds): a backslash before u, b, f, r (t with flag 1),
;; DEL, or the first byte of a C1 control (C2), of U+061C (D8), of U+2000–U+2FFF (E2) or,
;; with flag 2, of U+0130 (C4). WebAssembly because in JavaScript either is a byte at a time
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

  (func $hit (param $b i32) (param $n i32) (param $t i32) (param $f i32) (result i32)
    (if (i32.eq (local.get $b) (i32.const 92))
      (then
        (return (i32.or
          (i32.or (i32.eq (local.get $n) (i32.const 117)) (i32.eq (local.get $n) (i32.const 98)))
          (i32.or (i32.or (i32.eq (local.get $n) (i32.const 102)) (i32.eq (local.get $n) (i32.const 114)))
            (i32.eq (local.get $n) (local.get $t)))))))
    (i32.or
      (i32.or (i32.eq (local.get $b) (i32.const 0x7f)) (i32.eq (local.get $b) (i32.const 0xc2)))
      (i32.or (i32.or (i32.eq (local.get $b) (i32.const 0xd8)) (i32.eq (local.get $b) (i32.const 0xe2)))
        (i32.eq (local.get $b) (local.get $f)))))

  ;; The first offset in [$p, $end) where a special byte may be; $end when there is none.
  (func (export "special") (param $p i32) (param $end i32) (param $flags i32) (result i32)
    (local $v v128) (local $w v128) (local $m v128) (local $t i32) (local $f i32) (local $bits i32)
    ;; Without the flags, their tests repeat others (u, DEL).
    (local.set $t (select (i32.const 116) (i32.const 117) (i32.and (local.get $flags) (i32.const 1))))
    (local.set $f (select (i32.const 0xc4) (i32.const 0x7f) (i32.and (local.get $flags) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.gt_u (i32.add (local.get $p) (i32.const 17)) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $w (v128.load offset=1 (local.get $p)))
        (local.set $m
          (v128.or
            (v128.and (i8x16.eq (local.get $v) (i8x16.splat (i32.const 92)))
              (v128.or
                (v128.or (i8x16.eq (local.get $w) (i8x16.splat (i32.const 117))) (i8x16.eq (local.get $w) (i8x16.splat (i32.const 98))))
                (v128.or
                  (v128.or (i8x16.eq (local.get $w) (i8x16.splat (i32.const 102))) (i8x16.eq (local.get $w) (i8x16.splat (i32.const 114))))
                  (i8x16.eq (local.get $w) (i8x16.splat (local.get $t))))))
            (v128.or
              (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x7f))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xc2))))
              (v128.or
                (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xd8))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xe2))))
                (i8x16.eq (local.get $v) (i8x16.splat (local.get $f)))))))
        (local.set $bits (i8x16.bitmask (local.get $m)))
        (if (local.get $bits) (then (return (i32.add (local.get $p) (i32.ctz (local.get $bits))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (if (call $hit
              (i32.load8_u (local.get $p))
              (select (i32.load8_u offset=1 (local.get $p)) (i32.const 0) (i32.lt_u (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
              (local.get $t) (local.get $f))
          (then (return (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $next)))
    (local.get $end)))
