; Inno Setup script: the per-user Windows installer of awaw-desktop (issue 39).
;
; Built by packaging/release.py on Windows after packaging/build.py, from dist\awaw-desktop\:
;     iscc /DAppVersion=0.1.0 /DSourceDir=..\..\dist\awaw-desktop /DOutputDir=..\..\dist packaging\windows\awaw-desktop.iss
; It installs for the current user only (no administrator rights): the program in
; %LOCALAPPDATA%\Programs\awaw-desktop, a Start menu entry, the .awaw file type with its icon (opening with the
; app), and an uninstaller that removes all of it (the player's games and autosaves are left where they are).

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\awaw-desktop"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#define AppName "AWAW Desktop"
#define AppExe "awaw-desktop.exe"
#define ProgId "AwawDesktop.Game"

[Setup]
AppId={{6B2E0E6B-6F0C-4C43-9D6A-2A7C8C1B9A31}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=awaw-desktop
AppPublisherURL=https://github.com/awaw-desktop/awaw-desktop
DefaultDirName={localappdata}\Programs\awaw-desktop
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=
ChangesAssociations=yes
OutputDir={#OutputDir}
OutputBaseFilename=awaw-desktop-{#AppVersion}-windows-setup
SetupIconFile=..\icons\awaw-desktop.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion
Source: "..\icons\awaw-desktop.ico"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{userprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; IconFilename: "{app}\awaw-desktop.ico"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"

[Registry]
; The .awaw file type, for this user (HKCU\Software\Classes): its name, its icon, and "open with the app".
Root: HKCU; Subkey: "Software\Classes\.awaw"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\.awaw\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "A World at War game"; Flags: uninsdeletekey
Root: HKCU; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\awaw-desktop.ico,0"
Root: HKCU; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKCU; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".awaw"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
