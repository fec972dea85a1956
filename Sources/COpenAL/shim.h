// OpenAL Soft with its extensions. The extension prototypes (alcLoopbackOpenDeviceSOFT,
// alcRenderSamplesSOFT, alcGetStringiSOFT, alDeferUpdatesSOFT, …) are declared only when
// AL_ALEXT_PROTOTYPES is defined; without it Swift would see the enums but no functions.
#ifndef ECHOLOT_COPENAL_SHIM_H
#define ECHOLOT_COPENAL_SHIM_H

#define AL_ALEXT_PROTOTYPES 1
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>

#endif
