#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 11 and later), for a main of the harness's own: SwiftPM names an
/// executable's entry point <Target>_main and links `main` to it, so libFuzzer's own main
/// is never used.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
