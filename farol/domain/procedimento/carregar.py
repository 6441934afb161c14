"""Carregamento dos quadros: `procedimento_<regime>.yaml` validado e compilado numa `Maquina`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.quadro import IDENTIFICADOR, Estado, Quadro
from farol.domain.procedimento.validacao import validar_quadro
from farol.erros import DadosNormativosInvalidos, EntradaInvalida
from farol.normas.atos_do_sistema import ARQUIVO as ARQUIVO_ATOS_DO_SISTEMA
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.citacao import DADOS, ler_yaml


def montar_maquina(dados: Mapping[str, Any], *, origem: str) -> Maquina:
    """Valida os dados de um quadro e constrói a máquina; `DadosNormativosInvalidos` se não."""
    try:
        quadro = Quadro.model_validate(dados)
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{origem}: quadro malformado: {e}") from e
    problemas = validar_quadro(quadro)
    # Os atos do sistema (atos_do_sistema.yaml) valem em todo regime: nenhum quadro os declara.
    problemas += [
        f'tipo de ato "{t}" é um ato do sistema ({ARQUIVO_ATOS_DO_SISTEMA}), não uma transição'
        for t in sorted({t.tipo_ato for t in quadro.transicoes} & atos_do_sistema().tipos)
    ]
    problemas += [
        f'transição "{t.tipo_ato}": abre o regime "{t.abre_regime}", sem quadro de procedimento'
        for t in quadro.transicoes
        if t.abre_regime is not None and t.abre_regime not in regimes_disponiveis()
    ]
    if problemas:
        raise DadosNormativosInvalidos(
            f"{origem}: quadro de estados inválido:\n" + "\n".join(f"- {p}" for p in problemas)
        )
    return Maquina(quadro)


def carregar_arquivo(caminho: Path) -> Maquina:
    """Carrega e valida um quadro de um arquivo qualquer (testes, regimes em preparo)."""
    try:
        dados = yaml.safe_load(caminho.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise DadosNormativosInvalidos(f"{caminho}: {e}") from e
    if not isinstance(dados, dict):
        raise DadosNormativosInvalidos(f"{caminho}: esperado um mapa no topo")
    return montar_maquina(dados, origem=str(caminho))


@cache
def regimes_disponiveis() -> tuple[str, ...]:
    """Os regimes com quadro de estados nos dados, lidos da pasta uma vez (como as máquinas):
    a gravação de um ato pergunta por eles centenas de vezes."""
    return tuple(
        sorted(p.stem.removeprefix("procedimento_") for p in DADOS.glob("procedimento_*.yaml"))
    )


@cache
def carregar_regime(regime: str) -> Maquina:
    """A máquina do regime (`lesta`, ...), carregada e validada uma vez."""
    if not IDENTIFICADOR.match(regime) or regime not in regimes_disponiveis():
        raise EntradaInvalida(
            f'regime sem quadro de procedimento: "{regime}" (disponíveis: '
            f"{', '.join(regimes_disponiveis())})",
            campo="regime",
        )
    nome = f"procedimento_{regime}.yaml"
    maquina = montar_maquina(ler_yaml(nome), origem=nome)
    if maquina.regime != regime:
        raise DadosNormativosInvalidos(f'{nome}: declara o regime "{maquina.regime}"')
    return maquina


@cache
def carregar_regimes() -> tuple[Maquina, ...]:
    """As máquinas de todos os regimes com quadro (`procedimento_*.yaml`), pela ordem do nome."""
    return tuple(carregar_regime(r) for r in regimes_disponiveis())


@cache
def _marcas_dos_regimes() -> frozenset[str]:
    return frozenset(m for maquina in carregar_regimes() for m in maquina.marcas)


# A máquina de um regime pergunta pelas marcas dos outros (marca de outro regime: sem atos aqui;
# de nenhum: nome errado no código) sem importar este módulo.
Maquina.marcas_dos_regimes = staticmethod(_marcas_dos_regimes)  # type: ignore[method-assign]


def estados_dos_regimes() -> dict[str, Estado]:
    """Os estados de todos os regimes, na ordem dos quadros (um id repetido conta uma vez)."""
    estados: dict[str, Estado] = {}
    for maquina in carregar_regimes():
        for e in maquina.estados.values():
            estados.setdefault(e.id, e)
    return estados


@cache
def contados_do_vencimento() -> dict[str, tuple[str, ...]]:
    """regra -> as regras cujo prazo o quadro conta do vencimento dela (`inicia` com
    `contado_do_vencimento_de`), em todos os regimes."""
    pares: dict[str, dict[str, None]] = {}
    for maquina in carregar_regimes():
        for t in maquina.transicoes:
            for p in t.inicia:
                if p.contado_do_vencimento_de is not None:
                    pares.setdefault(p.contado_do_vencimento_de, {})[p.prazo] = None
    return {origem: tuple(dependentes) for origem, dependentes in pares.items()}
