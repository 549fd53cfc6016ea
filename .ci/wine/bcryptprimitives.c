/* For the wine smoke test only, never shipped: Debian's wine 8.0 lacks ProcessPrng in
 * bcryptprimitives.dll, which Rust's standard library calls on Windows (real Windows 10
 * and 11 have it). Placed beside the exe, this stub answers it through RtlGenRandom
 * (SystemFunction036 in advapi32). */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
