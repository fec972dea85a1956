// libsndfile: decoding WAV, FLAC and Ogg Vorbis, and writing the rendered WAV file.
#ifndef ECHOLOT_CSNDFILE_SHIM_H
#define ECHOLOT_CSNDFILE_SHIM_H

#include <sndfile.h>

#endif
