// What the sinc resampler costs against the linear one: 64 looping HRTF sources, 10 s
// rendered through the loopback device, for sounds at the output rate and at 48 kHz.
// docs/PERFORMANCE.md, "Audio". Build and run:
//   gcc -O2 tools/resampler-cost.c -o /tmp/resampler-cost $(pkg-config --cflags --libs openal) -lm && /tmp/resampler-cost
#define AL_ALEXT_PROTOTYPES
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
static double run(int rate, int resampler){
  ALCdevice *d = alcLoopbackOpenDeviceSOFT(NULL);
  ALCint attrs[]={ALC_FORMAT_CHANNELS_SOFT,ALC_STEREO_SOFT,ALC_FORMAT_TYPE_SOFT,ALC_FLOAT_SOFT,ALC_FREQUENCY,44100,ALC_HRTF_SOFT,ALC_TRUE,ALC_MONO_SOURCES,128,0};
  ALCcontext *c = alcCreateContext(d, attrs); alcMakeContextCurrent(c);
  int n = rate; short *s = malloc(n*2);
  for(int i=0;i<n;i++) s[i]=(short)(rand()%20000-10000);
  ALuint b; alGenBuffers(1,&b); alBufferData(b,AL_FORMAT_MONO16,s,n*2,rate);
  for (int k=0;k<64;k++){ ALuint src; alGenSources(1,&src); alSourcei(src,AL_BUFFER,b); alSourcei(src,AL_LOOPING,1);
    alSource3f(src,AL_POSITION,sin(k),0,-cos(k)); alSourcei(src,AL_SOURCE_RESAMPLER_SOFT,resampler); alSourcePlay(src);}
  int frames=44100*10; float *out=malloc(frames*2*sizeof(float));
  struct timespec a,z; clock_gettime(CLOCK_MONOTONIC,&a);
  alcRenderSamplesSOFT(d,out,frames);
  clock_gettime(CLOCK_MONOTONIC,&z);
  alcMakeContextCurrent(NULL); alcDestroyContext(c); alcCloseDevice(d);
  return (z.tv_sec-a.tv_sec)+(z.tv_nsec-a.tv_nsec)/1e9;
}
int main(){ for(int rep=0;rep<2;rep++) printf("44.1k: linear %.3f s bsinc24 %.3f s | 48k file: linear %.3f bsinc24 %.3f\n", run(44100,1), run(44100,4), run(48000,1), run(48000,4)); }
