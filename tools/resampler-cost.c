// What the best resampler costs against the linear one: 64 looping HRTF sources, 10 s
// rendered through the loopback device, for sounds at the output rate and at 48 kHz.
// The resamplers are found by name and count, as the engine finds them (Resampler.swift),
// so the figures stay right on an OpenAL Soft that numbers them differently.
// docs/PERFORMANCE.md, "Audio". Build and run:
//   gcc -O2 tools/resampler-cost.c -o /tmp/resampler-cost $(pkg-config --cflags --libs openal) -lm && /tmp/resampler-cost
#define AL_ALEXT_PROTOTYPES
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { OUTPUT_RATE = 44100, SOURCES = 64, SECONDS = 10 };

static void fail(const char *what) {
  fprintf(stderr, "resampler-cost: %s\n", what);
  exit(1);
}

// A loopback device rendering float stereo with HRTF, its context current.
static ALCdevice *open_device(void) {
  ALCdevice *device = alcLoopbackOpenDeviceSOFT(NULL);
  if (!device) fail("no loopback device (ALC_SOFT_loopback)");
  ALCint attrs[] = {ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT, ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT,
                    ALC_FREQUENCY, OUTPUT_RATE, ALC_HRTF_SOFT, ALC_TRUE, ALC_MONO_SOURCES, 2 * SOURCES, 0};
  ALCcontext *context = alcCreateContext(device, attrs);
  if (!context || !alcMakeContextCurrent(context)) fail("the loopback device gave no context");
  return device;
}

static void close_device(ALCdevice *device) {
  ALCcontext *context = alcGetCurrentContext();
  alcMakeContextCurrent(NULL);
  alcDestroyContext(context);
  alcCloseDevice(device);
}

// Seconds it takes to render SECONDS of SOURCES noise sources recorded at `rate`.
static double run(int rate, ALint resampler) {
  ALCdevice *device = open_device();
  short *samples = malloc(rate * sizeof *samples);
  float *out = malloc((size_t)OUTPUT_RATE * SECONDS * 2 * sizeof *out);
  if (!samples || !out) fail("out of memory");
  srand(1);
  for (int i = 0; i < rate; i++) samples[i] = (short)(rand() % 20000 - 10000);
  ALuint buffer;
  alGenBuffers(1, &buffer);
  alBufferData(buffer, AL_FORMAT_MONO16, samples, rate * (ALsizei)sizeof *samples, rate);
  for (int k = 0; k < SOURCES; k++) {
    ALuint source;
    alGenSources(1, &source);
    alSourcei(source, AL_BUFFER, (ALint)buffer);
    alSourcei(source, AL_LOOPING, AL_TRUE);
    alSource3f(source, AL_POSITION, sinf((float)k), 0, -cosf((float)k));
    alSourcei(source, AL_SOURCE_RESAMPLER_SOFT, resampler);
    alSourcePlay(source);
  }
  if (alGetError() != AL_NO_ERROR) fail("the sources could not be set up");
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  alcRenderSamplesSOFT(device, out, OUTPUT_RATE * SECONDS);
  clock_gettime(CLOCK_MONOTONIC, &end);
  free(samples);
  free(out);
  close_device(device);
  return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}

int main(void) {
  ALCdevice *device = open_device();
  if (!alIsExtensionPresent("AL_SOFT_source_resampler")) fail("no AL_SOFT_source_resampler");
  ALint count = alGetInteger(AL_NUM_RESAMPLERS_SOFT);
  ALint linear = -1, best = count - 1;  // OpenAL Soft lists its resamplers cheapest first.
  for (ALint i = 0; i < count; i++)
    if (strcmp(alGetStringiSOFT(AL_RESAMPLER_NAME_SOFT, i), "Linear") == 0) linear = i;
  if (linear < 0 || best <= linear) fail("no resampler better than the linear one");
  char name[64];
  snprintf(name, sizeof name, "%s", alGetStringiSOFT(AL_RESAMPLER_NAME_SOFT, best));
  close_device(device);
  for (int rep = 0; rep < 2; rep++)
    printf("44.1 kHz sound: linear %.3f s, %s %.3f s | 48 kHz sound: linear %.3f s, %s %.3f s\n",
           run(OUTPUT_RATE, linear), name, run(OUTPUT_RATE, best), run(48000, linear), name, run(48000, best));
  return 0;
}
