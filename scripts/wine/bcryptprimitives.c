/* ProcessPrng, the one function Rust's standard library takes from bcryptprimitives.dll, for
 * Debian 12's Wine 8.0, which lacks that DLL (every Windows since 10 has it). Only
 * scripts/package.sh --check uses it, to start the Windows executables under Wine; it is never
 * shipped. */
#include <windows.h>
#define SystemFunction036 NTAPI SystemFunction036
#include <ntsecapi.h>
#undef SystemFunction036
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
