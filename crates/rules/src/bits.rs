//! 128-bit parallel bit extract and deposit (BMI2 `pext`/`pdep` on each half), with a portable
//! fallback. The jump search uses them to test all six hops of a hole at once: see
//! `Rules::hop_targets`.

/// The bits of `value` selected by `mask`, packed into the low bits in mask order.
#[inline(always)]
pub fn pext(value: u128, mask: u128, low_count: u32) -> u128 {
    let lo = pext64(value as u64, mask as u64);
    let hi = pext64((value >> 64) as u64, (mask >> 64) as u64);
    lo as u128 | ((hi as u128) << low_count)
}

/// The low bits of `bits` spread onto the set bits of `mask`, in mask order.
#[inline(always)]
pub fn pdep(bits: u128, mask: u128, low_count: u32) -> u128 {
    let lo = pdep64(bits as u64, mask as u64);
    let hi = pdep64((bits >> low_count) as u64, (mask >> 64) as u64);
    lo as u128 | ((hi as u128) << 64)
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn pext64(value: u64, mask: u64) -> u64 {
    // SAFETY: compiled only where the target has BMI2.
    unsafe { std::arch::x86_64::_pext_u64(value, mask) }
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn pdep64(bits: u64, mask: u64) -> u64 {
    // SAFETY: compiled only where the target has BMI2.
    unsafe { std::arch::x86_64::_pdep_u64(bits, mask) }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
fn pext64(value: u64, mask: u64) -> u64 {
    portable_pext64(value, mask)
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
fn pdep64(bits: u64, mask: u64) -> u64 {
    portable_pdep64(bits, mask)
}

/// `pext` one mask bit at a time: the path for wasm32 and CPUs without BMI2.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
#[inline]
fn portable_pext64(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut k = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value & low != 0 {
            out |= 1 << k;
        }
        k += 1;
        mask ^= low;
    }
    out
}

/// `pdep` one mask bit at a time.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
#[inline]
fn portable_pdep64(mut bits: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
        mask ^= low;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extract_then_deposit_round_trips_across_the_halves() {
        let mask: u128 = (1 << 3) | (1 << 60) | (1 << 64) | (1 << 100);
        let low = (mask as u64).count_ones();
        let value: u128 = (1 << 60) | (1 << 100) | (1 << 7);
        let packed = pext(value, mask, low);
        assert_eq!(packed, 0b1010);
        assert_eq!(pdep(packed, mask, low), value & mask);
    }

    #[test]
    fn the_portable_path_agrees_with_the_one_in_use() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (value, mask) = (x, x.rotate_left(29) & x.rotate_left(11));
            assert_eq!(portable_pext64(value, mask), pext64(value, mask));
            assert_eq!(portable_pdep64(value, mask), pdep64(value, mask));
        }
    }
}
